import {
  type ActiveTicket,
  emptyTicketDetails,
  evolveTicket,
  isTicketComplete,
  type TicketDetails,
  type TicketEvent,
  type TicketState,
  ticketEventTypes,
} from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import { changesBy } from '../change-log';
import type { Database, TicketsTable } from '../database';
import type { Projection } from '../runner/projection';
import { changedFields } from './ticket-log';

type TicketRow = Selectable<TicketsTable>;

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** The row holds the whole aggregate state, so the projection evolves it with the domain's own `evolve`. */
export function rowToTicketState(row: TicketRow): ActiveTicket {
  const details: TicketDetails = {
    date: iso(row.date),
    timeLoaded: iso(row.timeLoaded),
    timeReceived: iso(row.timeReceived),
    jobSite: row.jobSite,
    contractorCompanyId: row.contractorCompanyId,
    transportCompanyId: row.transportCompanyId,
    truckId: row.truckId,
    truckTypeId: row.truckTypeId,
    truckNumber: row.truckNumber,
    truckLicensePlate: row.truckLicensePlate,
    truckDriverName: row.truckDriverName,
    truckDriverNumber: row.truckDriverNumber,
    siteContactName: row.siteContactName,
    siteContactNumber: row.siteContactNumber,
    contractorOfficeContactId: row.contractorOfficeContactId,
    transportContactName: row.transportContactName,
    transportContactNumber: row.transportContactNumber,
    projectId: row.projectId,
    projectLeader: row.projectLeader,
    materialTypeId: row.materialTypeId,
    materialId: row.materialId,
    isSaltImpacted: row.isSaltImpacted,
    notes: row.notes,
    weight: row.weight === null ? null : Number(row.weight),
    soilFLOTicketId: row.soilFloTicketId,
    updateSoilFLO: row.updateSoilFlo,
  };
  return {
    status: 'active',
    ticketId: row.id,
    prefix: row.prefix,
    ticketNumber: row.ticketNumber,
    isSoilFLOLoad: row.isSoilFloLoad,
    hashNonce: row.hashNonce,
    details,
    isReceived: row.isReceived,
    receivedByUserId: row.userId,
    isDispatched: row.isDispatched,
    isRejected: row.isRejected,
    rejectReason: row.rejectReason,
  };
}

function ticketStateToRow(ticket: ActiveTicket, version: number): Insertable<TicketsTable> {
  const { details: d } = ticket;
  return {
    id: ticket.ticketId,
    prefix: ticket.prefix,
    ticketNumber: ticket.ticketNumber,
    hashNonce: ticket.hashNonce,
    isSoilFloLoad: ticket.isSoilFLOLoad,
    isReceived: ticket.isReceived,
    isComplete: isTicketComplete(d, ticket.isReceived),
    isDispatched: ticket.isDispatched,
    isRejected: ticket.isRejected,
    rejectReason: ticket.rejectReason,
    userId: ticket.receivedByUserId,
    date: d.date,
    timeLoaded: d.timeLoaded,
    timeReceived: d.timeReceived,
    jobSite: d.jobSite,
    contractorCompanyId: d.contractorCompanyId,
    transportCompanyId: d.transportCompanyId,
    truckId: d.truckId,
    truckTypeId: d.truckTypeId,
    truckNumber: d.truckNumber,
    truckLicensePlate: d.truckLicensePlate,
    truckDriverName: d.truckDriverName,
    truckDriverNumber: d.truckDriverNumber,
    siteContactName: d.siteContactName,
    siteContactNumber: d.siteContactNumber,
    contractorOfficeContactId: d.contractorOfficeContactId,
    transportContactName: d.transportContactName,
    transportContactNumber: d.transportContactNumber,
    projectId: d.projectId,
    projectLeader: d.projectLeader,
    materialTypeId: d.materialTypeId,
    materialId: d.materialId,
    isSaltImpacted: d.isSaltImpacted,
    notes: d.notes,
    weight: d.weight,
    soilFloTicketId: d.soilFLOTicketId,
    updateSoilFlo: d.updateSoilFLO,
    version,
  };
}

/** What a log entry shows of a ticket: its record in the spec's field names (section 3). */
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
  ...ticket.details,
});

const absent: TicketState = { status: 'absent' };
const logObject = (state: TicketState) => (state.status === 'active' ? ticketLogObject(state) : null);

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// The columns the projection writes (ticketStateToRow's), in SQL's spelling.
const ticketColumns = Object.keys(
  ticketStateToRow(
    {
      status: 'active',
      ticketId: 0,
      prefix: 0,
      ticketNumber: 0,
      isSoilFLOLoad: false,
      hashNonce: '',
      details: emptyTicketDetails,
      isReceived: false,
      receivedByUserId: null,
      isDispatched: false,
      isRejected: false,
      rejectReason: null,
    },
    0,
  ),
).map(snakeCase);
const logColumns = [
  'ticket_id',
  'event_type',
  'stream_version',
  'date',
  'user_id',
  'username',
  'first_name',
  'last_name',
  'changed_fields',
];

/**
 * Writes rows of `table` in one statement whatever their number: they travel as one JSON parameter
 * that PostgreSQL unpacks into the table's row type (binding every value on its own costs ten times
 * as much at a rebuild's batch sizes, and runs out of parameters at 65,535). An existing row with the
 * same id is replaced.
 */
function writeRows(
  trx: Transaction<Database>,
  table: 'tickets' | 'ticket_log',
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
) {
  const list = sql.raw(columns.join(', '));
  const replace =
    table === 'tickets'
      ? sql`ON CONFLICT (id) DO UPDATE SET ${sql.raw(
          columns
            .filter((column) => column !== 'id')
            .map((column) => `${column} = excluded.${column}`)
            .join(', '),
        )}`
      : sql``;
  return sql`INSERT INTO ${sql.table(table)} (${list})
    SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
    ${replace}`.execute(trx);
}

/**
 * The tickets read model and the ticket log (date, user and the fields changed), in one transaction. A batch
 * costs four statements however many events it holds: one read of the tickets it touches, the events
 * folded in memory with the domain's own `evolve`, then one delete, one upsert and one log insert.
 */
export const ticketsProjection: Projection = {
  name: 'tickets',
  handles: ticketEventTypes,
  async reset(trx) {
    await trx.deleteFrom('ticketLog').execute();
    await trx.deleteFrom('tickets').execute();
  },
  async apply(trx: Transaction<Database>, batch: readonly RecordedEvent[]) {
    const events = batch as readonly (RecordedEvent & TicketEvent)[];
    const ticketIds = [...new Set(events.map((event) => event.data.ticketId))];
    const rows = await trx.selectFrom('tickets').selectAll().where('id', 'in', ticketIds).execute();
    // A ticket's state as its row would hold it now: a deleted one has no row, so it reads as absent.
    const states = new Map<number, TicketState>(rows.map((row) => [row.id, rowToTicketState(row)]));
    const versions = new Map<number, number>();
    const who = await changesBy(trx, events);
    const log: Record<string, unknown>[] = [];
    for (const event of events) {
      const { ticketId } = event.data;
      const before = states.get(ticketId) ?? absent;
      const after = evolveTicket(before, event);
      states.set(ticketId, after.status === 'active' ? after : absent);
      versions.set(ticketId, event.streamVersion);
      const { date, userId, username, firstName, lastName } = who(event);
      log.push({
        ticket_id: ticketId,
        event_type: event.type,
        stream_version: event.streamVersion,
        date,
        user_id: userId,
        username,
        first_name: firstName,
        last_name: lastName,
        changed_fields: changedFields(logObject(before), logObject(after)),
      });
    }
    const kept: Record<string, unknown>[] = [];
    const removed: number[] = [];
    for (const [ticketId, state] of states) {
      if (state.status !== 'active') removed.push(ticketId);
      else {
        const row = ticketStateToRow(state, versions.get(ticketId) ?? 0);
        kept.push(
          Object.fromEntries(Object.entries(row).map(([column, value]) => [snakeCase(column), value])),
        );
      }
    }
    if (removed.length > 0) await trx.deleteFrom('tickets').where('id', 'in', removed).execute();
    if (kept.length > 0) await writeRows(trx, 'tickets', ticketColumns, kept);
    await writeRows(trx, 'ticket_log', logColumns, log);
  },
};
