import { performance } from 'node:perf_hooks';
import { migrateEventStore, PostgresEventStore } from '@portal/event-store';
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels } from '@portal/projections';
import type pg from 'pg';
import { atLeast, type BenchRow, inRounds, mustBeZero, perSecond, roundsRowOf, row } from './report';
import { readEveryEvent, scaled, withFreshDatabase } from './support';

const name = 'rebuild';
const ticketCount = scaled(250_000);
const eventsPerTicket = 4;
const eventCount = 1 + ticketCount * eventsPerTicket;

/**
 * A million events straight into the PostgreSQL event store (appending them through the API would take
 * most of an hour): one administrator, then 250,000 tickets each generated, loaded, dispatched and
 * received, shaped like the portal's own events so every projection does its real work.
 */
async function seedEvents(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
     VALUES ('user-1', 0, gen_random_uuid(), 'UserRegistered',
       '{"userId":1,"username":"admin@portal.test","firstName":"Ada","lastName":"Admin","phoneNumber":null,"roleId":1,"passwordHash":"x"}',
       '{"userId":null,"occurredAt":"2026-01-01T00:00:00.000Z"}')`,
  );
  const chunk = 50_000;
  for (let first = 1; first <= ticketCount; first += chunk) {
    await pool.query(
      `WITH t AS (SELECT g AS id, '2026-03-10T05:00:00.000Z' AS day FROM generate_series($1::int, $2::int) g),
       loaded AS (SELECT id, jsonb_build_object(
         'date', day, 'timeLoaded', '2026-03-10T14:00:00.000Z', 'timeReceived', null,
         'jobSite', 'Job site ' || (id % 500), 'contractorCompanyId', null, 'transportCompanyId', null,
         'truckId', null, 'truckTypeId', null, 'truckNumber', 'T' || (id % 1000),
         'truckLicensePlate', 'AB' || lpad((id % 100000)::text, 5, '0'), 'truckDriverName', 'Driver ' || (id % 300),
         'truckDriverNumber', null, 'siteContactName', 'Site contact', 'siteContactNumber', null,
         'contractorOfficeContactId', null, 'transportContactName', null, 'transportContactNumber', null,
         'projectId', null, 'projectLeader', null, 'materialTypeId', null, 'materialId', null,
         'isSaltImpacted', false, 'notes', null, 'weight', null, 'soilFLOTicketId', null, 'updateSoilFLO', false
       ) AS details FROM t)
       INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
       SELECT 'ticket-' || t.id, e.version, gen_random_uuid(), e.type, e.data,
         jsonb_build_object('userId', 1, 'occurredAt', '2026-03-10T15:00:00.000Z')
       FROM t JOIN loaded USING (id), LATERAL (VALUES
         (0, 'TicketGenerated', jsonb_build_object('ticketId', t.id, 'prefix', 0, 'ticketNumber', t.id,
           'isSoilFLOLoad', false, 'hashNonce', md5(t.id::text), 'date', t.day)),
         (1, 'TicketEdited', jsonb_build_object('ticketId', t.id, 'details', loaded.details)),
         (2, 'TicketDispatchToggled', jsonb_build_object('ticketId', t.id, 'isDispatched', true)),
         (3, 'TicketReceived', jsonb_build_object('ticketId', t.id, 'timeReceived', '2026-03-10T16:00:00.000Z',
           'timeLoaded', '2026-03-10T14:00:00.000Z', 'receivedByUserId', 1, 'source', 'dashboard'))
       ) AS e(version, type, data)
       ORDER BY t.id, e.version`,
      [first, Math.min(first + chunk - 1, ticketCount)],
    );
  }
  await pool.query('ANALYZE events');
}

/** The rebuild's batch size (rebuildReadModels' default), so the floor reads the same pages. */
const readBatch = 5_000;

/**
 * `npm run projections:rebuild`'s work over a million events, beside a bare sequential read of the same events
 * through the store in the same rounds (issue 35: the rebuild keeps at least 40 % of the read rate).
 */
export async function rebuildBench(): Promise<BenchRow[]> {
  return withFreshDatabase(async (pool) => {
    await migrateEventStore(pool);
    const db = createReadModelDb(pool);
    await migrateReadModels(db);
    const seedStarted = performance.now();
    await seedEvents(pool);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const eventStore = new PostgresEventStore({ pool });
    try {
      // The read first, so the rebuild of each round does not find the pages warmer than its floor did.
      const measured = await inRounds(async () => {
        const floor = await readEveryEvent(eventStore, readBatch);
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        const events = await rebuildReadModels({ pool, db, eventStore, projections: allProjections });
        const elapsedMs = performance.now() - started;
        const cpu = process.cpuUsage(cpuBefore);
        const { count } = await db
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('isReceived', '=', true)
          .executeTakeFirstOrThrow();
        const rate = perSecond(events, elapsedMs);
        const readRate = perSecond(floor.read, floor.elapsedMs);
        return { events, received: Number(count), elapsedMs, cpu, rate, readRate };
      });
      const perRound = roundsRowOf(name, measured);
      const last = measured.results.at(-1);
      return [
        row(name, 'seed events straight into the event store', seedSeconds, 's'),
        mustBeZero(name, 'events replayed short of the seeded', eventCount - (last?.events ?? 0)),
        mustBeZero(
          name,
          'received tickets missing from the rebuilt read model',
          ticketCount - (last?.received ?? 0),
        ),
        perRound('rebuild time', (r) => r.elapsedMs / 1000, 's'),
        perRound(`floor: readAll of the same events, pages of ${readBatch}`, (r) => r.readRate, 'events/s'),
        perRound('rebuild throughput', (r) => r.rate, 'events/s'),
        perRound('rebuild throughput / read floor', (r) => r.rate / r.readRate, 'ratio', atLeast(0.4)),
        perRound(
          'rebuild Node CPU (user + system) / wall',
          (r) => (r.cpu.user + r.cpu.system) / 1000 / r.elapsedMs,
          'ratio',
        ),
      ];
    } finally {
      await eventStore.close();
    }
  });
}
