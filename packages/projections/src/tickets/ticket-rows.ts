import { JsonText, type Ticket } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database';
import { prepared } from '../prepared-reads';
import { type TicketView, ticketColumns, ticketJsonColumns } from './ticket-columns';

export const whereAll = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;

/**
 * True when one plan serves every value of a read's parameters (a lookup by key, today's list in its
 * own order), so the whole read may run prepared. A pattern or a range of any width must be planned
 * for its values: prepared, a plate search went on with the plan PostgreSQL had settled on for
 * one-letter plates, and a search for a whole plate took 635 ms instead of 5.
 */
export type OnePlan = boolean;

/**
 * What a ticket read answers: TicketViews, for the server's own use, or the API's JSON of them, written
 * by PostgreSQL for a route to send as it is. A dashboard page of 50 tickets spent a third of the API's
 * time parsing the rows' 2,400 values and serializing them again.
 */
interface TicketsAnswer<Answer> {
  /**
   * Every ticket `matching` finds (FROM … ORDER BY `order` …), read by one prepared statement: the
   * lists' way of reading what one plan serves (the server's own reads go by id).
   */
  matching?(
    plain: Kysely<Database>,
    matching: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
  ): Promise<Answer>;
  /** The tickets of `ids`, in their order (an id with no ticket is left out); one prepared plan serves any list. */
  withIds(plain: Kysely<Database>, ids: readonly number[]): Promise<Answer>;
  none: Answer;
}

/**
 * The tickets of `ids` with their place in the list. The list is behind a sub-select so that its length
 * is hidden from the planner: seen, it made every call's plan cheaper than the generic one, and
 * PostgreSQL planned the read afresh each time (250 of the 350 µs a read of one ticket took).
 */
const byOrdinality = (ids: readonly number[]) =>
  sql`unnest((SELECT ${ids}::int[])) WITH ORDINALITY AS found(id, n) JOIN tickets t ON t.id = found.id`;

export const asViews: TicketsAnswer<TicketView[]> = {
  withIds: async (plain, ids) =>
    (
      await sql<TicketView>`${prepared}SELECT ${ticketColumns} FROM ${byOrdinality(ids)} ORDER BY found.n`.execute(
        plain,
      )
    ).rows,
  none: [],
};

/** The JSON array of `from`'s tickets (`t`), in `order`: an aggregate's own ORDER BY, the one SQL keeps. */
const jsonArray = async (plain: Kysely<Database>, from: RawBuilder<unknown>, order: RawBuilder<unknown>) => {
  const { rows } = await sql<{ json: string }>`${prepared}SELECT
      coalesce(json_agg(v ORDER BY ${order}), '[]')::text AS json
    FROM ${from} CROSS JOIN LATERAL (SELECT ${ticketJsonColumns}) v`.execute(plain);
  return new JsonText<Ticket[]>(rows[0]?.json ?? '[]');
};

export const asJson: TicketsAnswer<JsonText<Ticket[]>> = {
  matching: (plain, matching, order) => jsonArray(plain, sql`(SELECT t.* ${matching}) t`, order),
  withIds: (plain, ids) => jsonArray(plain, byOrdinality(ids), sql`found.n`),
  none: new JsonText<Ticket[]>('[]'),
};

/**
 * The tickets matching every condition, in `order`; `tail` follows the ORDER BY (a LIMIT). Parsing and
 * planning the columns' eleven name lookups cost more than running them, so they are always read by
 * a prepared statement: at once when the read has `onePlan`, else by id, after a small query planned
 * for its values has found the ids. (A ticket deleted between the two is left out, as it would be a
 * moment later.)
 */
export const ticketRows = async <Answer>(
  db: Kysely<Database>,
  answer: TicketsAnswer<Answer>,
  conditions: RawBuilder<unknown>[],
  order: RawBuilder<unknown>,
  { tail = sql``, onePlan = false }: { tail?: RawBuilder<unknown>; onePlan?: OnePlan } = {},
): Promise<Answer> => {
  const matching = sql`FROM tickets t ${whereAll(conditions)} ORDER BY ${order} ${tail}`;
  if (onePlan && answer.matching) return answer.matching(db.withoutPlugins(), matching, order);
  return ticketsFound(db, answer, sql`SELECT t.id ${matching}`);
};

/** The tickets whose ids `finding` selects (a query planned for its values), in its order. */
export async function ticketsFound<Answer>(
  db: Kysely<Database>,
  answer: TicketsAnswer<Answer>,
  finding: RawBuilder<unknown>,
): Promise<Answer> {
  const plain = db.withoutPlugins();
  const { rows } = await sql<{ id: number }>`${finding}`.execute(plain);
  if (rows.length === 0) return answer.none;
  return answer.withIds(
    plain,
    rows.map((row) => row.id),
  );
}
