import { removedPersonalData, ticketPersonalFields } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { changeLogAnswer } from '../change-log';
import type { Database } from '../database';

/** A ticket as a log entry shows it (the spec's field names), or null before it exists and once deleted. */
export type TicketLogRecord = Record<string, unknown>;

/**
 * What a log entry keeps of an event: the fields it changed (the whole record for the first entry, none
 * changed is `{}`), or null when it deleted the ticket. Every ticket event has its entry, so the entries
 * folded in order give back each before and after; a kilobyte record is then written once, not four times.
 */
export function changedFields(before: TicketLogRecord | null, after: TicketLogRecord | null) {
  if (after === null || before === null) return after;
  return Object.fromEntries(
    Object.entries(after).filter(([field, value]) => !Object.is(before[field], value)),
  );
}

/** A ticket's entries, oldest first, with the record before and after each, folded from their changes. */
function replay<Entry extends { changedFields: TicketLogRecord | null }>(entries: readonly Entry[]) {
  let record: TicketLogRecord | null = null;
  return entries.map(({ changedFields: changes, ...entry }) => {
    const before = record;
    record = changes === null ? null : { ...before, ...changes };
    return { ...entry, currentDataObject: before, updatedDataObject: record };
  });
}

/** Newest first, as the log screen lists them; the data objects are serialised JSON, before and after. */
export async function listTicketLog(db: Kysely<Database>, ticketId: number) {
  const entries = await db
    .selectFrom('ticketLog')
    .select(['id', 'date', 'username', 'firstName', 'lastName', 'eventType', 'changedFields'])
    .where('ticketId', '=', ticketId)
    .orderBy('id')
    .execute();
  return changeLogAnswer(replay(entries).reverse());
}

/** One entry (restore re-saves its after), folded from its ticket's entries up to it. */
export async function findTicketLogEntry(db: Kysely<Database>, id: number) {
  const entries = await db
    .selectFrom('ticketLog')
    .select(['id', 'ticketId', 'changedFields'])
    .where('ticketId', '=', (eb) =>
      eb.selectFrom('ticketLog').select('ticketId').where('id', '=', String(id)),
    )
    .where('id', '<=', String(id))
    .orderBy('id')
    .execute();
  return replay(entries).at(-1);
}

/**
 * The log entries of tickets whose personal data was removed, with each personal value given replaced as
 * the events were (withoutPersonalData): the log is a read model of those events, so it keeps no more.
 */
export async function redactLog(trx: Transaction<Database>, ticketIds: number[]) {
  await sql`UPDATE ticket_log SET changed_fields = (
      SELECT jsonb_object_agg(field, CASE WHEN field = ANY(${[...ticketPersonalFields]}::text[])
        AND jsonb_typeof(value) = 'string' THEN to_jsonb(${removedPersonalData}::text) ELSE value END)
      FROM jsonb_each(changed_fields) AS entry(field, value))
    WHERE ticket_id = ANY(${ticketIds}::int[]) AND changed_fields ?| ${[...ticketPersonalFields]}::text[]`.execute(
    trx,
  );
}
