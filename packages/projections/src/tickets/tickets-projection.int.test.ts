import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { emptyTicketDetails, type TicketDetails, type TicketEvent } from '@portal/domain';
import { migrateEventStore, PostgresEventStore, type RecordedEvent } from '@portal/event-store';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useReadModelDatabase } from '../../test/read-model-database';
import type { Database } from '../database';
import { rebuildReadModels } from '../runner/projection-runner';
import { listTicketLog } from './ticket-log';
import { ticketsProjection } from './tickets-projection';

const database = useReadModelDatabase();
let db: Kysely<Database>;

beforeAll(async () => {
  ({ db } = database);
  await db
    .insertInto('users')
    .values({
      id: 7,
      username: 'yard@site.test',
      usernameKey: 'yard@site.test',
      firstName: 'Yara',
      lastName: 'Yard',
      phoneNumber: null,
      roleId: 2,
      passwordHash: 'not used here',
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .execute();
});

const date = '2026-03-10T05:00:00.000Z';
const loaded: TicketDetails = {
  ...emptyTicketDetails,
  date,
  timeLoaded: '2026-03-10T14:00:00.000Z',
  jobSite: '12 Main St',
  truckNumber: 'T-12',
  truckLicensePlate: 'AB12345',
  truckDriverName: 'Dan Driver',
};

/** A ticket's events recorded in order, as the event store hands them to the runner. */
function recorded(events: TicketEvent[]): RecordedEvent[] {
  const versions = new Map<number, number>();
  return events.map((event, index) => {
    // Stream versions count from 1, as the event store numbers them.
    const version = versions.get(event.data.ticketId) ?? 1;
    versions.set(event.data.ticketId, version + 1);
    return {
      ...event,
      eventId: randomUUID(),
      streamId: `ticket-${event.data.ticketId}`,
      streamVersion: version,
      position: { commit: 1n, prepare: BigInt(index + 1) },
      metadata: {
        userId: index % 2 === 0 ? 7 : null,
        occurredAt: new Date(Date.UTC(2026, 2, 10, 15) + index * 1000).toISOString(),
      },
      recordedAt: new Date(),
    } as unknown as RecordedEvent;
  });
}

const generated = (ticketId: number): TicketEvent => ({
  type: 'TicketGenerated',
  data: {
    ticketId,
    prefix: 0,
    ticketNumber: 40 + ticketId,
    isSoilFLOLoad: false,
    hashNonce: `n${ticketId}`,
    date,
  },
});

// Two tickets' whole lives interleaved: each event's before-state is the one the previous event left,
// whether that event was written in an earlier batch or earlier in this one.
const lifeOfTwoTickets = recorded([
  generated(1),
  generated(2),
  { type: 'TicketEdited', data: { ticketId: 1, details: loaded } },
  { type: 'TicketEdited', data: { ticketId: 2, details: loaded } },
  { type: 'TicketDispatchToggled', data: { ticketId: 2, isDispatched: true } },
  {
    type: 'TicketReceived',
    data: {
      ticketId: 1,
      timeReceived: '2026-03-10T16:00:00.000Z',
      timeLoaded: loaded.timeLoaded ?? '',
      receivedByUserId: 7,
      source: 'ticket',
    },
  },
  { type: 'TicketReceiptReset', data: { ticketId: 1 } },
  { type: 'TicketDeleted', data: { ticketId: 2 } },
  { type: 'TicketRejected', data: { ticketId: 1, reason: 'Wrong site' } },
]);

async function readModel() {
  const tickets = await db.selectFrom('tickets').selectAll().orderBy('id').execute();
  const log = await db
    .selectFrom('ticketLog')
    .select([
      'ticketId',
      'eventType',
      'streamVersion',
      'date',
      'userId',
      'username',
      'firstName',
      'lastName',
      'changedFields',
    ])
    .orderBy('id')
    .execute();
  return { tickets, log };
}

async function project(batches: RecordedEvent[][]) {
  await db.transaction().execute((trx) => ticketsProjection.reset(trx));
  for (const batch of batches) await db.transaction().execute((trx) => ticketsProjection.apply(trx, batch));
  return readModel();
}

describe('the tickets projection, a batch at a time', () => {
  it('writes a whole batch as it writes the same events one at a time', async () => {
    const oneAtATime = await project(lifeOfTwoTickets.map((event) => [event]));
    expect(oneAtATime.tickets).toEqual([
      expect.objectContaining({
        id: 1,
        jobSite: '12 Main St',
        isReceived: false,
        timeReceived: null,
        isRejected: true,
        rejectReason: 'Wrong site',
        truckLicensePlate: null,
        version: 5,
      }),
    ]);
    expect(oneAtATime.log.map((entry) => [entry.ticketId, entry.eventType, entry.username])).toEqual([
      [1, 'TicketGenerated', 'yard@site.test'],
      [2, 'TicketGenerated', null],
      [1, 'TicketEdited', 'yard@site.test'],
      [2, 'TicketEdited', null],
      [2, 'TicketDispatchToggled', 'yard@site.test'],
      [1, 'TicketReceived', null],
      [1, 'TicketReceiptReset', 'yard@site.test'],
      [2, 'TicketDeleted', null],
      [1, 'TicketRejected', 'yard@site.test'],
    ]);
    // An entry keeps what its event changed: the whole ticket first, then only the fields that changed.
    expect(oneAtATime.log[1]?.changedFields).toMatchObject({ id: 2, ticketNumber: 42, jobSite: null });
    expect(oneAtATime.log[4]?.changedFields).toEqual({ isDispatched: true });
    expect(oneAtATime.log[7]).toMatchObject({ changedFields: null });
    // The log screen's before and after are folded back from them.
    const [deleted, dispatched, edited, generated] = await listTicketLog(db, 2);
    expect(deleted).toMatchObject({ eventType: 'TicketDeleted', updatedDataObject: null });
    expect(JSON.parse(deleted?.currentDataObject ?? 'null')).toMatchObject({ id: 2, isDispatched: true });
    expect(deleted?.currentDataObject).toBe(dispatched?.updatedDataObject);
    expect(dispatched?.currentDataObject).toBe(edited?.updatedDataObject);
    expect(generated).toMatchObject({ eventType: 'TicketGenerated', currentDataObject: null });

    expect(await project([lifeOfTwoTickets])).toEqual(oneAtATime);
    // Split mid-life: the second batch starts from the rows the first one wrote.
    expect(await project([lifeOfTwoTickets.slice(0, 4), lifeOfTwoTickets.slice(4)])).toEqual(oneAtATime);
  });

  it('writes batches larger than one statement can carry', async () => {
    const many = recorded(
      Array.from({ length: 2500 }, (_, index) => generated(index + 1)).flatMap((event) => [
        event,
        { type: 'TicketEdited', data: { ticketId: event.data.ticketId, details: loaded } } as TicketEvent,
      ]),
    );
    const { tickets, log } = await project([many]);
    expect(tickets).toHaveLength(2500);
    expect(tickets.every((ticket) => ticket.jobSite === '12 Main St' && ticket.version === 2)).toBe(true);
    expect(log).toHaveLength(5000);
  });

  it('rebuilt two events a batch, each folded while the one before is written, matches one at a time, held-back events included', async () => {
    const oneAtATime = await project(lifeOfTwoTickets.map((event) => [event]));
    const { pool } = database;
    await migrateEventStore(pool);
    const eventStore = new PostgresEventStore({ pool });
    onTestFinished(() => eventStore.close());
    // A transaction older than the events and still open holds them back from readAll (as one of another
    // database on the server would): the rebuild waits for them rather than end with nothing.
    const older = await pool.connect();
    onTestFinished(() => older.release());
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()');
    for (const event of lifeOfTwoTickets)
      await eventStore.append(event.streamId, [
        { type: event.type, data: event.data, metadata: event.metadata },
      ]);
    // Ticket 1 skips the second batch: the fold of the third reads it while the second is still being written.
    const rebuilt = rebuildReadModels({
      pool,
      db,
      eventStore,
      projections: [ticketsProjection],
      batchSize: 2,
    });
    await setTimeout(200);
    await older.query('COMMIT');
    expect(await rebuilt).toBe(lifeOfTwoTickets.length);
    expect(await readModel()).toEqual(oneAtATime);
  });
});
