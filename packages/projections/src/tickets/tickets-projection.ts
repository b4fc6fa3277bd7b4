import { setImmediate } from 'node:timers/promises';
import {
  type ActiveTicket,
  emptyTicketDetails,
  evolveTicket,
  generatedTicket,
  isTicketComplete,
  type TicketState,
  type TicketStreamEvent,
  ticketIdOfStream,
  ticketStreamEventTypes,
} from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, TicketsTable } from '../database';
import type { FoldAhead, Projection } from '../runner/projection';
import { changedFields, redactLog, type TicketLogRecord } from './ticket-log';
import { rowToTicketState, ticketStateToRow } from './ticket-state-rows';

/** What a log entry shows of a ticket: its record in the API's field names. */
export const ticketLogObject = (ticket: ActiveTicket) => ({
  id: ticket.ticketId,
  prefix: ticket.prefix,
  ticketNumber: ticket.ticketNumber,
  isSoilFLOLoad: ticket.isSoilFLOLoad,
  isReceived: ticket.isReceived,
  isComplete: isTicketComplete(ticket.details, ticket.isReceived),
  isDispatched: ticket.isDispatched,
  isRejected: ticket.isRejected,
  rejectReason: ticket.rejectReason,
  userId: ticket.receivedByUserId,
  firstWeight: ticket.firstWeight,
  weighing: ticket.weighing,
  givenTransportCompanyName: ticket.givenTransportCompanyName,
  ...ticket.details,
});

const absent: TicketState = { status: 'absent' };
const logObject = (state: TicketState) => (state.status === 'active' ? ticketLogObject(state) : null);

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// The columns the projection writes (ticketStateToRow's), in SQL's spelling.
const ticketFields = Object.keys(
  ticketStateToRow(
    generatedTicket(
      { ticketId: 0, prefix: 0, ticketNumber: 0, isSoilFLOLoad: false, hashNonce: '' },
      emptyTicketDetails.date,
    ),
    0,
  ),
) as (keyof Insertable<TicketsTable>)[];
const ticketColumns = ticketFields.map((field) => [field, snakeCase(field)] as const);
const ticketColumnList = sql.raw(ticketColumns.map(([, column]) => column).join(', '));
const ticketColumnUpdates = sql.raw(
  ticketColumns
    .filter(([, column]) => column !== 'id')
    .map(([, column]) => `${column} = excluded.${column}`)
    .join(', '),
);

/**
 * The ticket each event is of: its own events name it, a redaction's stream does (it names no record); a
 * redaction of another aggregate's stream (a deleted contact's) is no ticket's and is left out.
 */
const ofTickets = (events: readonly (RecordedEvent & TicketStreamEvent)[]) =>
  events.flatMap((event) => {
    const ticketId =
      event.type === 'PersonalDataRedacted' ? ticketIdOfStream(event.streamId) : event.data.ticketId;
    return ticketId === null ? [] : [{ event, ticketId }];
  });

/** A batch folded in memory: every ticket it touched as it left it, and what the write sends. */
export interface FoldedTickets {
  states: ReadonlyMap<number, TicketState>;
  removed: number[];
  /** The tickets' rows and the log's entries, each one JSON array. */
  keptRows: string;
  logEntries: string;
  /** Tickets whose personal data retention removed in this batch: their log entries are scrubbed too. */
  redacted: number[];
}

/**
 * Folds a batch with the domain's own `evolve`, starting each ticket from `previous` (the batch folded before
 * it) or else from its row; a deleted ticket has no row, so it reads as absent. The folding yields to the event
 * loop now and then, so a rebuild's write of the batch before goes on meanwhile.
 */
async function foldTickets(
  db: Kysely<Database>,
  recorded: readonly (RecordedEvent & TicketStreamEvent)[],
  previous: FoldedTickets | undefined,
): Promise<FoldedTickets> {
  const events = ofTickets(recorded);
  const carried = previous?.states ?? new Map<number, TicketState>();
  const unknownIds = [
    ...new Set(events.map(({ ticketId }) => ticketId).filter((ticketId) => !carried.has(ticketId))),
  ];
  const rows =
    unknownIds.length === 0
      ? []
      : // One array parameter, not one per id: a batch touches up to thousands of tickets.
        await db
          .selectFrom('tickets')
          .selectAll()
          .where('id', '=', sql<number>`ANY(${unknownIds}::int[])`)
          .execute();
  const states = new Map<number, TicketState>();
  for (const ticketId of unknownIds) states.set(ticketId, absent);
  for (const row of rows) states.set(row.id, rowToTicketState(row));
  const logs = new Map<number, TicketLogRecord | null>();
  const versions = new Map<number, number>();
  const log: Record<string, unknown>[] = [];
  const redacted = new Set<number>();
  for (const [index, { event, ticketId }] of events.entries()) {
    if (index % 500 === 499) await setImmediate();
    const before = states.get(ticketId) ?? carried.get(ticketId) ?? absent;
    const after = evolveTicket(before, event);
    const afterLog = logObject(after);
    states.set(ticketId, after.status === 'active' ? after : absent);
    versions.set(ticketId, event.streamVersion);
    // The loading event just before it has the log's entry for the time loaded.
    if (event.type === 'TicketLoaded') continue;
    log.push({
      ticket_id: ticketId,
      event_type: event.type,
      stream_version: event.streamVersion,
      date: event.metadata.occurredAt,
      user_id: event.metadata.userId,
      // A redaction's own entry changes nothing: the entries before it are scrubbed instead (redactLog), so a
      // rebuild from the rewritten events writes the same log.
      changed_fields:
        event.type === 'PersonalDataRedacted'
          ? {}
          : changedFields(logs.has(ticketId) ? (logs.get(ticketId) ?? null) : logObject(before), afterLog),
    });
    if (event.type === 'PersonalDataRedacted') redacted.add(ticketId);
    logs.set(ticketId, afterLog);
  }
  const kept: Record<string, unknown>[] = [];
  const removed: number[] = [];
  for (const [ticketId, state] of states) {
    if (state.status !== 'active') {
      removed.push(ticketId);
      continue;
    }
    const row = ticketStateToRow(state, versions.get(ticketId) ?? 0);
    const sqlRow: Record<string, unknown> = {};
    for (const [field, column] of ticketColumns) sqlRow[column] = row[field];
    kept.push(sqlRow);
  }
  return {
    states,
    removed,
    keptRows: JSON.stringify(kept),
    logEntries: JSON.stringify(log),
    redacted: [...redacted],
  };
}

/**
 * A folded batch in one statement: the deletes, the upserts and the log entries (with the acting users'
 * names as they are now). Rows travel as JSON arrays that PostgreSQL unpacks into the tables' row types
 * (binding every value on its own costs ten times as much at a rebuild's batch sizes, and runs out of
 * parameters at 65,535); the log keeps the batch's order, so each ticket's entries fold back in order.
 */
async function writeTickets(
  trx: Transaction<Database>,
  { removed, keptRows, logEntries, redacted }: FoldedTickets,
) {
  await sql`WITH removed AS (DELETE FROM tickets WHERE id = ANY(${removed}::int[])),
    kept AS (
      INSERT INTO tickets (${ticketColumnList})
      SELECT ${ticketColumnList} FROM jsonb_populate_recordset(NULL::tickets, ${keptRows}::jsonb)
      ON CONFLICT (id) DO UPDATE SET ${ticketColumnUpdates}
    )
    INSERT INTO ticket_log
      (ticket_id, event_type, stream_version, date, user_id, username, first_name, last_name, changed_fields)
    SELECT entry.ticket_id, entry.event_type, entry.stream_version, entry.date, entry.user_id,
      users.username, users.first_name, users.last_name, entry.changed_fields
    FROM jsonb_populate_recordset(NULL::ticket_log, ${logEntries}::jsonb) WITH ORDINALITY AS entry
    LEFT JOIN users ON users.id = entry.user_id
    ORDER BY entry.ordinality`.execute(trx);
  if (redacted.length > 0) await redactLog(trx, redacted);
}

const ticketsFoldAhead: FoldAhead<FoldedTickets> = {
  fold: (db, events, previous) =>
    foldTickets(db, events as readonly (RecordedEvent & TicketStreamEvent)[], previous),
  write: writeTickets,
};

/**
 * The tickets read model and the ticket log (date, user and the fields changed), in one transaction. A batch
 * costs two statements however many events it holds: one read of the tickets it touches, the events folded in
 * memory, then one write.
 */
export const ticketsProjection: Projection = {
  name: 'tickets',
  handles: ticketStreamEventTypes,
  async reset(trx) {
    await trx.deleteFrom('ticketLog').execute();
    await trx.deleteFrom('tickets').execute();
  },
  async apply(trx, events) {
    await writeTickets(trx, await ticketsFoldAhead.fold(trx, events, undefined));
  },
  foldAhead: ticketsFoldAhead,
};
