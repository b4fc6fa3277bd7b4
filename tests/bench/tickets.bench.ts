import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { runToEnd, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { ticketStreamId } from '@portal/domain';
import { migrateEventStore, type NewEvent, PostgresEventStore } from '@portal/event-store';
import { activeTicketsToday, findTicket } from '@portal/projections';
import { sql } from 'kysely';
import {
  atLeast,
  type BenchRow,
  inRounds,
  mustBeZero,
  percentile,
  perSecond,
  roundsRowOf,
  row,
} from './report';
import { callsFor, routeLoad, scaled, startFrameworkFloor, withFreshDatabase } from './support';

const name = 'tickets';
export const ticketCount = scaled(1_000_000);
const seconds = scaled(5);
const connections = 10;
const receiveCount = scaled(400);
/** Received first and not measured: the receive path's first compiled code and fresh connections. */
const receiveWarmUp = 100;
const receiveConcurrency = 32;
const receiveRounds = 3;

/** The newest global position of the portal's event store. */
async function headOfEvents(portal: TestPortal): Promise<string> {
  const { rows } = await portal.infra.pool.query<{ head: string }>(
    'SELECT coalesce(max(global_position), 0) AS head FROM events',
  );
  return rows[0]?.head ?? '0';
}

/** The events appended to `streams` after `after`, one entry per stream: what one receipt appended. */
async function appendedSince(portal: TestPortal, after: string, streams: string[]) {
  const { rows } = await portal.infra.pool.query<{
    stream_id: string;
    event_type: string;
    data: unknown;
    metadata: unknown;
  }>(
    `SELECT stream_id, event_type, data, metadata FROM events
     WHERE global_position > $1 AND stream_id = ANY($2) ORDER BY global_position`,
    [after, streams],
  );
  const byStream = new Map<string, NewEvent[]>();
  for (const r of rows) {
    const events = byStream.get(r.stream_id) ?? [];
    events.push({ type: r.event_type, data: r.data, metadata: r.metadata } as NewEvent);
    byStream.set(r.stream_id, events);
  }
  return [...byStream].map(([streamId, events]) => ({ streamId, events }));
}

/** Appends each stream's events in one call to a fresh stream, `receiveConcurrency` calls at a time. */
async function appendRaw(
  store: PostgresEventStore,
  appends: { streamId: string; events: NewEvent[] }[],
  suffix: string,
) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: receiveConcurrency }, async () => {
      while (next < appends.length) {
        const { streamId, events } = appends[next++] as (typeof appends)[number];
        const t0 = performance.now();
        await store.append(`${streamId}${suffix}`, events, { expectedVersion: 'no_stream' });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

/**
 * A million tickets straight into the read model (the API would take hours to generate them):
 * 500 job sites, 200 contractors, 100 haulage companies (10,000 tickets each), dates over two years,
 * 300 loaded today, weights of 10–30 t. Prefix 0 holds numbers 1–999999, prefix 1 the rest.
 * Also the report bench's data.
 */
export async function seedTickets(portal: TestPortal): Promise<number> {
  const { db } = portal.infra;
  const started = performance.now();
  await sql`INSERT INTO contractor_companies (id, name, version) SELECT g, 'Contractor ' || g, 1 FROM generate_series(1, 200) g`.execute(
    db,
  );
  await sql`INSERT INTO transport_companies (id, name, version) SELECT g, 'Hauler ' || g, 1 FROM generate_series(1, 100) g`.execute(
    db,
  );
  await sql`
    INSERT INTO tickets (id, prefix, ticket_number, hash_nonce, is_soil_flo_load, is_received, is_complete,
      is_dispatched, is_rejected, user_id, date, time_loaded, time_received, job_site, contractor_company_id,
      transport_company_id, truck_type_id, truck_number, truck_license_plate, truck_driver_name, site_contact_name,
      is_salt_impacted, update_soil_flo, weight, version)
    SELECT g, (g - 1) / 999999, (g - 1) % 999999 + 1, md5(g::text), false, g % 10 <> 0, true,
      false, false, NULL, now() - (g % 730) * interval '1 day',
      CASE WHEN g > ${ticketCount - 300} THEN now() ELSE now() - (g % 730) * interval '1 day' END,
      CASE WHEN g % 10 <> 0 AND g <= ${ticketCount - 300} THEN now() - (g % 730) * interval '1 day' + interval '2 hours' END,
      'Job site ' || (g % 500), g % 200 + 1, g % 100 + 1, g % 2 + 1, 'T' || (g % 1000),
      chr(65 + g % 26) || chr(65 + (g / 26) % 26) || lpad((g % 100000)::text, 5, '0'),
      'Driver ' || (g % 300), 'Site contact ' || (g % 50), false, false, 10000 + g % 20000, 1
    FROM generate_series(1, ${ticketCount}) g`.execute(db);
  // Keep ids the API hands out clear of the seeded ones.
  await sql`SELECT setval('ticket_id_seq', ${ticketCount * 2})`.execute(db);
  // A table of this size in service has been vacuumed: without it, autovacuum starts on the fresh rows
  // partway through the measurements and takes one of the two cores.
  await sql`VACUUM (ANALYZE) tickets`.execute(db);
  return performance.now() - started;
}

export async function ticketsBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  try {
    const rows: BenchRow[] = [];
    const seedMs = await seedTickets(portal);
    rows.push(row(name, `seed ${ticketCount} tickets into the read model`, seedMs / 1000, 's'));

    const { headers, load, close } = await routeLoad(portal, rows, name, { connections, seconds });
    // The reads with goals (issue 16's table) are judged against their floors, measured in the same rounds.
    const byKey = { floors: true };
    await load('search by ticket number', 'POST', '/api/ticket/search', { ticketNumber: '654321' }, byKey);
    // Each finds one ticket, as a search by key usually does (ticket 654321 carries plate FY54321).
    await load('search by plate', 'POST', '/api/ticket/search', { truckLicensePlate: 'FY54321' }, byKey);
    const dashboard = { floors: true };
    // The spec's whole-list answers, then the pages the dashboard asks for (issue 16, item 2).
    await load('search by job-site contains', 'POST', '/api/ticket/search', { jobSite: 'site 42' });
    await load(
      'search page by job-site contains, with its total',
      'POST',
      '/api/ticket/search/page',
      { jobSite: 'site 42' },
      dashboard,
    );
    // The dashboard: today's Active list (every ticket loaded today and not received) with the counts,
    // the Received list, the counts alone and the Daily Trucks list. Their sizes, for reading the
    // figures: the seeded dates put every 730th ticket on today too, not only the last 300.
    const today = (await (await fetch(`${portal.url}/api/ticket/daily/count`, { headers })).json()) as {
      loadedTicketCountForToday: number;
      activeTicketCountForToday: number;
    };
    rows.push(
      row(name, 'tickets loaded today (Daily Trucks list)', today.loadedTicketCountForToday, 'count'),
      row(name, 'tickets Active today (latest/active list)', today.activeTicketCountForToday, 'count'),
    );
    await load('GET /api/ticket/latest/active (every ticket)', 'GET', '/api/ticket/latest/active');
    await load(
      'GET /api/ticket/latest/active?page=1&perPage=50 (the dashboard)',
      'GET',
      '/api/ticket/latest/active?page=1&perPage=50',
      undefined,
      dashboard,
    );
    await load(
      'GET /api/ticket/latest/active?filter=received',
      'GET',
      '/api/ticket/latest/active?filter=received',
    );
    await load('GET /api/ticket/daily/count', 'GET', '/api/ticket/daily/count');
    await load('GET /api/ticket/daily/loaded', 'GET', '/api/ticket/daily/loaded');
    await load(
      'GET /api/ticket/daily/loaded?page=1&perPage=50 (a page)',
      'GET',
      '/api/ticket/daily/loaded?page=1&perPage=50',
      undefined,
      dashboard,
    );

    await close();

    rows.push(...(await listPeers(portal)));

    // Receive throughput: real commands through the API (decide, append, wait for the read models), against
    // raw appends of the same events to an event store of its own, at the same concurrency, in the same rounds.
    await fetch(`${portal.url}/api/setting`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ currentPrefix: 7 }),
    });
    const toGenerate = receiveWarmUp + receiveCount * receiveRounds;
    const generated = await runToEnd(portal, headers, {
      method: 'POST',
      url: '/api/ticket/generate',
      payload: { from: 1, to: toGenerate },
    });
    const { tickets } = generated.result as { tickets: number[] };
    const generatedIds = (
      await portal.infra.db.selectFrom('tickets').select('id').where('prefix', '=', 7).orderBy('id').execute()
    ).map((r) => r.id);
    rows.push(
      mustBeZero(
        name,
        'tickets missing after generate',
        toGenerate - Math.min(tickets.length, generatedIds.length),
      ),
    );
    const receiveUrl = `${portal.url}/api/ticket/receive`;
    const warmUp = await receiveFromWorker(receiveUrl, headers, generatedIds.slice(0, receiveWarmUp));
    rows.push(mustBeZero(name, 'receive warm-up failures', warmUp.failures));
    const frameworkFloor = await startFrameworkFloor(portal);
    // A receipt answers the received ticket: the floor answers as many bytes.
    const answerBytes = JSON.stringify(await findTicket(portal.infra.db, generatedIds[0] as number)).length;
    rows.push(
      ...(await withFreshDatabase(
        async (pool) => {
          await migrateEventStore(pool);
          const store = new PostgresEventStore({ pool });
          try {
            const measured = await inRounds(async (round) => {
              const ids = generatedIds.slice(
                receiveWarmUp + round * receiveCount,
                receiveWarmUp + (round + 1) * receiveCount,
              );
              const before = await headOfEvents(portal);
              const received = await receiveFromWorker(receiveUrl, headers, ids);
              const appends = await appendedSince(portal, before, ids.map(ticketStreamId));
              const raw = await appendRaw(store, appends, `-floor-${round}`);
              const framework = await receiveFromWorker(frameworkFloor.url(answerBytes), headers, ids);
              return {
                ...received,
                rate: perSecond(ids.length, received.elapsed),
                frameworkRate: perSecond(ids.length, framework.elapsed),
                rawRate: perSecond(appends.length, raw.elapsedMs),
                rawP99: percentile(raw.latencies, 99),
                eventsPerReceipt: appends.reduce((sum, a) => sum + a.events.length, 0) / appends.length,
              };
            });
            const perRound = roundsRowOf(name, measured);
            const label = `PUT /api/ticket/receive (${receiveCount} tickets a round, ${receiveConcurrency} at a time)`;
            const floor = `floor: raw appends of the same events, ${receiveConcurrency} at a time`;
            return [
              perRound(`${label}: throughput`, (r) => r.rate, 'receipts/s'),
              perRound(`${label}: latency p50`, (r) => percentile(r.latencies, 50), 'ms'),
              perRound(`${label}: latency p99`, (r) => percentile(r.latencies, 99), 'ms'),
              perRound('events appended per receipt', (r) => r.eventsPerReceipt, 'count'),
              perRound(`${floor}: throughput`, (r) => r.rawRate, 'appends/s'),
              perRound(`${floor}: latency p99`, (r) => r.rawP99, 'ms'),
              // What HTTP and the authentication hook alone allow on this machine, the same client driving it:
              // no receipt can go faster, whatever its own work costs.
              perRound(
                `framework floor: PUT of a constant ${answerBytes}-byte answer through the same authentication, ${receiveConcurrency} at a time: throughput`,
                (r) => r.frameworkRate,
                'requests/s',
              ),
              perRound(
                `${label}: throughput / framework floor throughput`,
                (r) => r.rate / r.frameworkRate,
                'ratio',
              ),
              perRound(
                `${label}: throughput / raw append throughput`,
                (r) => r.rate / r.rawRate,
                'ratio',
                atLeast(0.5),
              ),
              mustBeZero(
                name,
                `${label}: failures, all rounds`,
                measured.results.reduce((sum, r) => sum + r.failures, 0),
              ),
            ];
          } finally {
            await store.close();
            await frameworkFloor.close();
          }
        },
        { max: portal.config.databasePoolMax },
      )),
    );
    return rows;
  } finally {
    await portal.stop();
  }
}

/**
 * Peers side by side (issue 35): the dashboard's page of today's Active tickets through the project's read
 * path (activeTicketsToday, which builds the JSON in PostgreSQL) and through Kysely alone (selectAll, then
 * JSON.stringify, as a plain Kysely app would answer), `connections` at a time, in interleaved rounds.
 */
async function listPeers(portal: TestPortal): Promise<BenchRow[]> {
  const { db } = portal.infra;
  const zone = sql.lit(portal.config.siteTimezone);
  const midnight = sql`date_trunc('day', now() AT TIME ZONE ${zone})`;
  const page = { page: 1, perPage: 50 };
  const peers = {
    readPath: async () =>
      String(await activeTicketsToday(db, portal.config.siteTimezone, undefined, page)).length,
    kysely: async () =>
      JSON.stringify(
        await db
          .selectFrom('tickets')
          .selectAll()
          .where(sql<boolean>`time_loaded >= (${midnight} AT TIME ZONE ${zone})`)
          .where(sql<boolean>`time_loaded < ((${midnight} + interval '1 day') AT TIME ZONE ${zone})`)
          .where('isReceived', '=', false)
          .orderBy('timeLoaded', 'desc')
          .limit(page.perPage)
          .execute(),
      ).length,
  };
  const timed = async (call: () => Promise<number>) => {
    const { latencies, rate } = await callsFor(call, connections, seconds);
    return { rate, p99: percentile(latencies, 99) };
  };
  await peers.readPath();
  await peers.kysely();
  const measured = await inRounds(async (round) => {
    // Each goes first in turn, so load from elsewhere falls on both alike.
    const [first, second] = round % 2 === 0 ? [peers.readPath, peers.kysely] : [peers.kysely, peers.readPath];
    const [a, b] = [await timed(first), await timed(second)];
    return round % 2 === 0 ? { readPath: a, kysely: b } : { readPath: b, kysely: a };
  });
  const perRound = roundsRowOf(name, measured);
  const label = `dashboard page of today's Active tickets, in process (${connections} at a time, ${seconds} s)`;
  return [
    perRound(`${label}: the read path, calls/s`, (r) => r.readPath.rate, 'calls/s'),
    perRound(`${label}: Kysely alone, calls/s`, (r) => r.kysely.rate, 'calls/s'),
    perRound(`${label}: the read path vs Kysely alone, calls/s`, (r) => r.readPath.rate / r.kysely.rate, 'x'),
    perRound(`${label}: the read path, p99`, (r) => r.readPath.p99, 'ms'),
    perRound(`${label}: Kysely alone, p99`, (r) => r.kysely.p99, 'ms'),
  ];
}

/**
 * Receives every ticket of `ids` (PUT `url` with each as the body), `receiveConcurrency` at a time, from a
 * worker thread: like autocannon's, the clients must not share the portal's event loop, or their work would
 * count as the portal's.
 */
function receiveFromWorker(
  url: string,
  headers: Record<string, string>,
  ids: number[],
): Promise<{ latencies: number[]; failures: number; elapsed: number }> {
  const clients = `
    const { parentPort, workerData: { url, headers, ids, concurrency } } = require('node:worker_threads');
    const latencies = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const ticketId = ids[next++];
        const t0 = performance.now();
        const response = await fetch(url, {
          method: 'PUT', headers, body: JSON.stringify({ ticketId, source: 'dashboard' }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) failures++;
      }
    })).then(() => parentPort.postMessage({ latencies, failures, elapsed: performance.now() - started }));`;
  const worker = new Worker(clients, {
    eval: true,
    workerData: { url, headers, ids, concurrency: receiveConcurrency },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (result) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

/** Issue 3's scale target: the lists behind the Transports and Contractors screens stay quick. */
export async function referenceListsBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  try {
    const { db } = portal.infra;
    await sql`INSERT INTO transport_companies (id, name, version) SELECT g, 'Hauler ' || g, 1 FROM generate_series(1, 250) g`.execute(
      db,
    );
    await sql`
      INSERT INTO trucks (id, transport_company_id, driver_name, driver_number, number, license_plate, tare_weight, version)
      SELECT g, g % 250 + 1, 'Driver ' || g, '(416)555-' || lpad((g % 10000)::text, 4, '0'), 'T' || g,
        chr(65 + g % 26) || chr(65 + (g / 26) % 26) || lpad(g::text, 5, '0'), 14000 + g % 3000, 1
      FROM generate_series(1, 5000) g`.execute(db);
    await sql`INSERT INTO contractor_companies (id, name, version) SELECT g, 'Contractor ' || g, 1 FROM generate_series(1, 300) g`.execute(
      db,
    );
    await sql`
      INSERT INTO projects (id, project_id, contractor_company_id, job_site, is_soil_flo_project, approved, over_threshold, salt_impacted, version)
      SELECT g, 'P-' || g, g % 300 + 1, 'Job site ' || g, false, 1000, g % 97 = 0, false, 1 FROM generate_series(1, 2000) g`.execute(
      db,
    );
    const rows: BenchRow[] = [];
    const { load } = await routeLoad(portal, rows, 'reference-lists', { connections: 4, seconds: scaled(5) });
    await load('POST /api/truck/all, 5000 trucks', 'POST', '/api/truck/all', {});
    await load('GET /api/project/all, 2000 projects', 'GET', '/api/project/all');
    // Issue 16, item 2: the same lists a page at a time, as the company pages ask for them.
    await load(
      'POST /api/truck/all?page=2&perPage=50&sort=licensePlate, of 5000 trucks',
      'POST',
      '/api/truck/all?page=2&perPage=50&sort=licensePlate',
      {},
    );
    await load(
      'GET /api/project/all?page=2&perPage=50&sort=ticketsSold, of 2000 projects',
      'GET',
      '/api/project/all?page=2&perPage=50&sort=ticketsSold',
    );
    await load('GET /api/contractorcompany/all, 300 companies', 'GET', '/api/contractorcompany/all');
    return rows;
  } finally {
    await portal.stop();
  }
}
