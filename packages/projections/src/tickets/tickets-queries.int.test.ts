import { randomBytes } from 'node:crypto';
import type { JsonText } from '@portal/contract';
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../../test/read-model-database';
import { createReadModelDb, type Database } from '../database';
import { cachedDailyCounts } from './daily-counts-cache';
import {
  activeTicketsToday,
  dailyCounts,
  findTicket,
  loadedTicketsToday,
  receivedTicketsToday,
  searchTickets,
  searchTicketsPage,
} from './tickets-queries';

// The dashboard's "today" is the site's calendar day, whatever the server's zone.
const site = 'America/Toronto';

const database = useReadModelDatabase();
let db: Kysely<Database>;
let pool: pg.Pool;
beforeAll(() => {
  ({ db, pool } = database);
});
beforeEach(async () => {
  await db.deleteFrom('tickets').execute();
});

let nextId = 1;
interface Seed {
  timeLoaded?: string | null;
  timeReceived?: string | null;
  isReceived?: boolean;
  jobSite?: string | null;
  contractorCompanyId?: number | null;
  truckLicensePlate?: string | null;
}
/** A ticket straight into the read model; answers its id. */
async function ticket(seed: Seed): Promise<number> {
  const id = nextId++;
  await db
    .insertInto('tickets')
    .values({
      id,
      prefix: 0,
      ticketNumber: id,
      hashNonce: 'nonce',
      isSoilFloLoad: false,
      isReceived: seed.isReceived ?? false,
      isComplete: false,
      isDispatched: false,
      isRejected: false,
      isSaltImpacted: false,
      updateSoilFlo: false,
      version: 1,
      timeLoaded: seed.timeLoaded ?? null,
      timeReceived: seed.timeReceived ?? null,
      jobSite: seed.jobSite ?? null,
      contractorCompanyId: seed.contractorCompanyId ?? null,
      truckLicensePlate: seed.truckLicensePlate ?? null,
    })
    .execute();
  return id;
}

/** The ids of a list's tickets, in id order. */
const ids = (tickets: JsonText<{ id: number }[]>) =>
  tickets
    .parse()
    .map((t) => t.id)
    .sort((a, b) => a - b);

/** Every dashboard view of the site day holding `at`. */
async function dashboard(at: Date) {
  const [active, received, loaded, counts] = await Promise.all([
    activeTicketsToday(db, site, at),
    receivedTicketsToday(db, site, at),
    loadedTicketsToday(db, site, at),
    dailyCounts(db, site, at),
  ]);
  return { active: ids(active), received: ids(received), loaded: ids(loaded), counts };
}

describe("the dashboard's day is the site's calendar day", () => {
  it('from midnight to midnight at the site, not in UTC', async () => {
    const firstMinute = await ticket({ timeLoaded: '2025-03-20T00:00:00-04:00' });
    // 22:00 at the site on the 20th is already the 21st in UTC.
    const lateEvening = await ticket({ timeLoaded: '2025-03-20T22:00:00-04:00' });
    const lastMoment = await ticket({ timeLoaded: '2025-03-20T23:59:59.999-04:00' });
    await ticket({ timeLoaded: '2025-03-19T23:59:59.999-04:00' });
    await ticket({ timeLoaded: '2025-03-21T00:00:00-04:00' });
    const receivedLate = await ticket({
      timeLoaded: '2025-03-19T23:00:00-04:00',
      timeReceived: '2025-03-20T23:30:00-04:00',
      isReceived: true,
    });
    // Loaded on the 20th, received on the 21st: the 20th's lists, looked at afterwards, show it in neither
    // toggle (it is no longer Active, and was received on the 21st), so Loaded (Active + Received) leaves it out.
    const receivedNextDay = await ticket({
      timeLoaded: '2025-03-20T10:00:00-04:00',
      timeReceived: '2025-03-21T00:30:00-04:00',
      isReceived: true,
    });
    for (const at of ['2025-03-20T00:00:00-04:00', '2025-03-20T23:30:00-04:00']) {
      const day = await dashboard(new Date(at));
      expect(day.active).toEqual([firstMinute, lateEvening, lastMoment]);
      expect(day.received).toEqual([receivedLate]);
      expect(day.loaded).toEqual([firstMinute, lateEvening, lastMoment, receivedLate]);
      expect(day.loaded).not.toContain(receivedNextDay);
      expect(day.counts).toMatchObject({
        loadedTicketCountForToday: 4,
        activeTicketCountForToday: 3,
        receivedTicketCountForToday: 1,
      });
    }
  });

  it('Loaded lists the latest first, by the time loaded while Active and the time received once Received, a page at a time', async () => {
    const receivedAtEleven = await ticket({ timeReceived: '2025-03-20T11:00:00-04:00', isReceived: true });
    const loadedAtTen = await ticket({ timeLoaded: '2025-03-20T10:00:00-04:00' });
    // Loaded at half past eight, received at nine: listed by its receipt.
    const receivedAtNine = await ticket({
      timeLoaded: '2025-03-20T08:30:00-04:00',
      timeReceived: '2025-03-20T09:00:00-04:00',
      isReceived: true,
    });
    const loadedAtEight = await ticket({ timeLoaded: '2025-03-20T08:00:00-04:00' });
    await ticket({ timeLoaded: '2025-03-19T12:00:00-04:00' });
    const at = new Date('2025-03-20T12:00:00-04:00');
    const inOrder = (list: JsonText<{ id: number }[]>) => list.parse().map((t) => t.id);
    const latestFirst = [receivedAtEleven, loadedAtTen, receivedAtNine, loadedAtEight];
    expect(inOrder(await loadedTicketsToday(db, site, at))).toEqual(latestFirst);
    expect(inOrder(await loadedTicketsToday(db, site, at, { page: 1, perPage: 3 }))).toEqual(
      latestFirst.slice(0, 3),
    );
    expect(inOrder(await loadedTicketsToday(db, site, at, { page: 2, perPage: 3 }))).toEqual(
      latestFirst.slice(3),
    );
    expect(inOrder(await loadedTicketsToday(db, site, at, { page: 3, perPage: 3 }))).toEqual([]);
    expect(
      inOrder(
        await loadedTicketsToday(db, site, at, { page: 1, perPage: 2, sort: 'ticketNumber', order: 'ASC' }),
      ),
    ).toEqual([receivedAtEleven, loadedAtTen]);
  });

  it('the day the clocks go back lasts 25 hours', async () => {
    // 2 November 2025 at the site: 00:00 EDT (04:00Z) to 00:00 EST on the 3rd (05:00Z).
    const eleven = await ticket({ timeLoaded: '2025-11-02T23:00:00-05:00' });
    const halfPastEleven = await ticket({ timeLoaded: '2025-11-02T23:30:00-05:00' });
    const received = await ticket({
      timeReceived: '2025-11-02T23:45:00-05:00',
      isReceived: true,
    });
    await ticket({ timeLoaded: '2025-11-03T00:00:00-05:00' });
    const day = await dashboard(new Date('2025-11-02T12:00:00-05:00'));
    expect(day.active).toEqual([eleven, halfPastEleven]);
    expect(day.received).toEqual([received]);
    expect(day.counts).toMatchObject({
      loadedTicketCountForToday: 3,
      activeTicketCountForToday: 2,
      receivedTicketCountForToday: 1,
    });
  });

  it('the day the clocks go forward lasts 23 hours', async () => {
    // 9 March 2025 at the site: 00:00 EST (05:00Z) to 00:00 EDT on the 10th (04:00Z).
    const lastHour = await ticket({ timeLoaded: '2025-03-09T23:30:00-04:00' });
    const nextDay = await ticket({ timeLoaded: '2025-03-10T00:30:00-04:00' });
    expect((await dashboard(new Date('2025-03-09T12:00:00-04:00'))).active).toEqual([lastHour]);
    expect((await dashboard(new Date('2025-03-10T12:00:00-04:00'))).active).toEqual([nextDay]);
  });
});

describe('dailyCounts', () => {
  it("counts today's trucks, Active and Received, and their distinct contractors and job sites", async () => {
    const at = new Date('2025-06-10T15:00:00-04:00');
    await ticket({ timeLoaded: '2025-06-10T08:00:00-04:00', jobSite: 'North Pit', contractorCompanyId: 1 });
    await ticket({ timeLoaded: '2025-06-10T09:00:00-04:00', jobSite: 'north pit', contractorCompanyId: 1 });
    // Received from the ticket page: still loaded today, now Received, not Active.
    await ticket({
      timeLoaded: '2025-06-10T09:30:00-04:00',
      timeReceived: '2025-06-10T11:00:00-04:00',
      isReceived: true,
      jobSite: 'South Pit',
      contractorCompanyId: 2,
    });
    // Received from the dashboard: the time loaded is cleared; a loaded truck of today all the same.
    await ticket({
      timeReceived: '2025-06-10T12:00:00-04:00',
      isReceived: true,
      jobSite: null,
      contractorCompanyId: null,
    });
    // Yesterday's and tomorrow's trucks count for nothing today.
    await ticket({ timeLoaded: '2025-06-09T23:00:00-04:00', jobSite: 'West Pit', contractorCompanyId: 4 });
    await ticket({ timeReceived: '2025-06-11T00:10:00-04:00', isReceived: true, contractorCompanyId: 5 });

    const day = await dashboard(at);
    expect(day.counts).toEqual({
      loadedTicketCountForToday: 4,
      activeTicketCountForToday: 2,
      receivedTicketCountForToday: 2,
      receivedWithoutLoadCountForToday: 0,
      uniqueContractorsForToday: 2,
      uniqueJobSitesForToday: 2,
    });
    expect(day.active).toHaveLength(2);
    expect(day.received).toHaveLength(2);
    expect(day.loaded).toHaveLength(4);
  });

  it('answers zeros for a day without trucks', async () => {
    expect(await dailyCounts(db, site)).toEqual({
      loadedTicketCountForToday: 0,
      activeTicketCountForToday: 0,
      receivedTicketCountForToday: 0,
      receivedWithoutLoadCountForToday: 0,
      uniqueContractorsForToday: 0,
      uniqueJobSitesForToday: 0,
    });
  });
});

describe('the ticket view', () => {
  it("answers the spec's field names and JavaScript values", async () => {
    const id = await ticket({ timeLoaded: '2025-06-10T08:00:00.123Z', jobSite: 'Pit' });
    await db.updateTable('tickets').set({ weight: 1234.5, truckTypeId: 2 }).where('id', '=', id).execute();
    const view = await findTicket(db, id);
    expect(view).toMatchObject({
      id,
      ticketNumber: id,
      timeLoaded: new Date('2025-06-10T08:00:00.123Z'),
      timeReceived: null,
      jobSite: 'Pit',
      weight: 1234.5,
      truckTypeName: 'Trailer',
      isSoilFLOLoad: false,
      soilFLOTicketId: null,
      updateSoilFLO: false,
    });
    expect(Object.keys(view ?? {})).not.toContain('isSoilFloLoad');
    expect(await findTicket(db, 987654)).toBeUndefined();
  });
});

describe('the plate search', () => {
  const byPlate = async (truckLicensePlate: string) => ids(await searchTickets(db, { truckLicensePlate }));

  it("is a case-insensitive contains: 'b12' finds AB12345; % and _ are searched for, not wildcards", async () => {
    const ab = await ticket({ truckLicensePlate: 'AB12345' });
    const cd = await ticket({ truckLicensePlate: 'CD12399' });
    await ticket({ truckLicensePlate: 'XY98765' });
    await ticket({ truckLicensePlate: null });
    expect(await byPlate('b12')).toEqual([ab]);
    expect(await byPlate(' ab12345 ')).toEqual([ab]);
    // Shorter than a trigram: still answered.
    expect(await byPlate('12')).toEqual([ab, cd]);
    expect(await byPlate('1%5')).toEqual([]);
    expect(await byPlate('_')).toEqual([]);
  });

  it('is served by the trigram index on the upper-cased plate', async () => {
    await ticket({ truckLicensePlate: 'AB12345' });
    // The SQL the search really runs to find its tickets (its first), caught as Kysely sends it.
    let searchSql: CompiledQuery | undefined;
    const watched = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        searchSql ??= event.query;
      },
    });
    await searchTickets(watched, { truckLicensePlate: 'b12' });
    if (!searchSql) throw new Error('the search ran no query');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // A table this small is read whole whenever that is allowed; forbid it to see which index serves.
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${searchSql.sql}`, [
        ...searchSql.parameters,
      ]);
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('tickets_plate_trgm_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it("keeps the trigram indexes' pending lists short, so a search between vacuums reads little more than the index", async () => {
    const { rows } = await pool.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname IN ('tickets_plate_trgm_idx', 'tickets_job_site_trgm_idx') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'tickets_job_site_trgm_idx', reloptions: ['gin_pending_list_limit=256'] },
      { relname: 'tickets_plate_trgm_idx', reloptions: ['gin_pending_list_limit=256'] },
    ]);
  });
});

describe('the job-site search total', () => {
  /** The kept counts, and the same counted afresh from the tickets. */
  const keptAndRecounted = async () => {
    const kept = await pool.query(
      'SELECT job_site, tickets FROM ticket_job_site_counts WHERE tickets <> 0 ORDER BY job_site COLLATE "C"',
    );
    const recounted = await pool.query(
      `SELECT lower(job_site) AS job_site, count(*)::int AS tickets FROM tickets WHERE job_site IS NOT NULL
       GROUP BY 1 ORDER BY lower(job_site) COLLATE "C"`,
    );
    return { kept: kept.rows, recounted: recounted.rows };
  };
  const total = async (jobSite: string) =>
    (await searchTicketsPage(db, { jobSite }, { page: 1, perPage: 1 })).parse().total;

  it('follows every kind of write to the tickets, in any case of letters', async () => {
    const north = await ticket({ jobSite: 'North Pit' });
    await ticket({ jobSite: 'north pit' });
    await ticket({ jobSite: 'South Pit' });
    await ticket({ jobSite: null });
    expect(await keptAndRecounted()).toEqual({
      kept: [
        { job_site: 'north pit', tickets: 2 },
        { job_site: 'south pit', tickets: 1 },
      ],
      recounted: expect.anything(),
    });
    expect([await total('PIT'), await total('north'), await total('quarry')]).toEqual([3, 2, 0]);

    await db.updateTable('tickets').set({ jobSite: 'East Quarry' }).where('id', '=', north).execute();
    // The projection's write: an upsert that updates one ticket and inserts another in one statement.
    await pool.query(
      `INSERT INTO tickets (id, prefix, ticket_number, hash_nonce, is_soil_flo_load, is_received, is_complete,
         is_dispatched, is_rejected, is_salt_impacted, update_soil_flo, version, job_site)
       SELECT id, 0, id, 'nonce', false, false, false, false, false, false, false, 2, job_site
       FROM (VALUES ($1::int, 'West Quarry'), ($2::int, 'south pit')) AS kept (id, job_site)
       ON CONFLICT (id) DO UPDATE SET job_site = excluded.job_site`,
      [north, nextId++],
    );
    expect([await total('quarry'), await total('south'), await total('north')]).toEqual([1, 2, 1]);
    await db.deleteFrom('tickets').where('jobSite', 'ilike', '%south%').execute();
    expect([await total('pit'), await total('south')]).toEqual([1, 0]);
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);

    await pool.query('TRUNCATE tickets');
    expect(await keptAndRecounted()).toEqual({ kept: [], recounted: [] });
    expect((await pool.query('SELECT * FROM ticket_job_site_counts')).rows).toEqual([]);
  });

  it('counts a job site of any length (a btree entry is limited to about a third of a page)', async () => {
    const long = randomBytes(75_000).toString('base64');
    await ticket({ jobSite: long });
    await ticket({ jobSite: long.toUpperCase() });
    expect(await total(long.slice(50_000, 50_020))).toBe(2);
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
  });

  it('is counted from the kept counts for a job site alone, and ticket by ticket with other conditions', async () => {
    await ticket({ jobSite: 'North Pit', contractorCompanyId: 1 });
    await ticket({ jobSite: 'North Pit', contractorCompanyId: 2 });
    const counts: string[] = [];
    const watched = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.query.sql.includes('AS total')) counts.push(event.query.sql);
      },
    });
    const pageOne = { page: 1, perPage: 10 };
    expect((await searchTicketsPage(watched, { jobSite: 'pit' }, pageOne)).parse().total).toBe(2);
    const both = await searchTicketsPage(watched, { jobSite: 'pit', contractorCompanyId: 2 }, pageOne);
    expect(both.parse().total).toBe(1);
    expect(counts).toEqual([
      expect.stringContaining('FROM ticket_job_site_counts'),
      expect.stringContaining('FROM tickets t'),
    ]);
  });
});

describe("the 'Daily Trucks' metrics, kept per checkpoint", () => {
  const moveCheckpoint = (position: number) =>
    db
      .insertInto('projectionCheckpoint')
      .values({ name: 'tickets', commitPosition: String(position), preparePosition: String(position) })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ commitPosition: String(position), preparePosition: String(position) }),
      )
      .execute();

  it('are worked out again once the tickets read model has moved on, and only then', async () => {
    const counts = cachedDailyCounts(db, site);
    await moveCheckpoint(1);
    await ticket({ timeLoaded: new Date().toISOString() });
    expect((await counts()).activeTicketCountForToday).toBe(1);
    // A row written without the checkpoint moving (no projection writes so): the kept answer stands.
    await ticket({ timeLoaded: new Date().toISOString() });
    expect((await counts()).activeTicketCountForToday).toBe(1);
    // The projection's next batch moves the checkpoint in the same transaction as its rows.
    await moveCheckpoint(2);
    expect((await counts()).activeTicketCountForToday).toBe(2);
    expect(await counts()).toEqual(await dailyCounts(db, site));
  });
});

describe('which ticket reads run prepared', () => {
  // One connection, so the statements it holds are the ones these reads prepared.
  let single: pg.Pool;
  let singleDb: Kysely<Database>;
  beforeAll(() => {
    single = new pg.Pool({ ...pool.options, max: 1 });
    singleDb = createReadModelDb(single);
  });
  afterAll(() => single.end());
  const preparedStatements = async () =>
    (await single.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
      (row) => row.statement,
    );

  it('a search by number alone, a ticket by id and today’s lists in their own order run prepared', async () => {
    const now = new Date().toISOString();
    const loaded = await ticket({ timeLoaded: now });
    const received = await ticket({ timeReceived: now, isReceived: true });
    expect(ids(await searchTickets(singleDb, { ticketNumber: loaded }))).toEqual([loaded]);
    expect((await findTicket(singleDb, received))?.id).toBe(received);
    expect(ids(await activeTicketsToday(singleDb, site, undefined, { page: 1, perPage: 50 }))).toEqual([
      loaded,
    ]);
    expect(ids(await receivedTicketsToday(singleDb, site))).toEqual([received]);
    const statements = await preparedStatements();
    expect(statements.some((text) => text.includes('t.ticket_number = $1'))).toBe(true);
    expect(statements.some((text) => text.includes('unnest((SELECT $1::int[]))'))).toBe(true);
    expect(statements.some((text) => text.includes('ORDER BY t.time_loaded DESC LIMIT'))).toBe(true);
    expect(statements.some((text) => text.includes('ORDER BY t.time_received DESC'))).toBe(true);
  });

  it('the prepared reads settle on one generic plan instead of planning every call again', async () => {
    const now = new Date().toISOString();
    const loaded = await ticket({ timeLoaded: now });
    const received = await ticket({ timeReceived: now, isReceived: true });
    // PostgreSQL tries five plans for the values of each call before it weighs the generic one.
    for (let round = 0; round < 8; round++) {
      expect((await findTicket(singleDb, received))?.id).toBe(received);
      expect(ids(await activeTicketsToday(singleDb, site, undefined, { page: 1, perPage: 50 }))).toEqual([
        loaded,
      ]);
    }
    const { rows } = await single.query<{ statement: string; generic: string; custom: string }>(
      `SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
       WHERE statement LIKE '%unnest%' OR statement LIKE '%ORDER BY t.time_loaded DESC LIMIT%'`,
    );
    expect(rows).toHaveLength(2);
    for (const { statement, generic } of rows) expect(Number(generic), statement).toBeGreaterThanOrEqual(3);
    // The day's bounds are in the text, for the generic plan to see (a table this small hides the
    // difference: at a million tickets, a zone sent as a parameter had every call planned again).
    expect(rows.find((row) => row.statement.includes('time_loaded'))?.statement).toContain(
      `AT TIME ZONE '${site}'`,
    );
  });

  it('a pattern is planned for its value each time: only the columns of the tickets it found are read prepared', async () => {
    const plate = await ticket({ truckLicensePlate: 'AB12345', jobSite: 'North yard' });
    for (let round = 0; round < 8; round++) {
      expect(ids(await searchTickets(singleDb, { truckLicensePlate: 'b12' }))).toEqual([plate]);
      expect(
        (await searchTicketsPage(singleDb, { jobSite: 'north' }, { page: 1, perPage: 50 }))
          .parse()
          .tickets.map((t) => t.id),
      ).toEqual([plate]);
      expect(
        ids(
          await activeTicketsToday(singleDb, site, undefined, { page: 1, perPage: 50, sort: 'ticketNumber' }),
        ),
      ).toEqual([]);
    }
    const statements = await preparedStatements();
    expect(statements.some((text) => text.includes('unnest'))).toBe(true);
    expect(statements.filter((text) => /LIKE|ORDER BY t\.prefix/.test(text))).toEqual([]);
  });
});

describe('a ticket by id', () => {
  it('tickets asked for in one turn of the event loop are read by one statement, each answer its own', async () => {
    const first = await ticket({ jobSite: 'First yard' });
    const second = await ticket({ jobSite: 'Second yard' });
    let statements = 0;
    const counted = new pg.Pool({ ...pool.options, max: 1 });
    counted.on('connect', (client) => {
      const query = client.query.bind(client);
      client.query = ((...args: Parameters<typeof query>) => {
        statements++;
        return query(...args);
      }) as typeof client.query;
    });
    const countedDb = createReadModelDb(counted);
    try {
      expect((await findTicket(countedDb, first))?.jobSite).toBe('First yard');
      statements = 0;
      const found = await Promise.all(
        [second, 999_999, first, second].map((id) => findTicket(countedDb, id)),
      );
      expect(found.map((found) => found?.jobSite)).toEqual([
        'Second yard',
        undefined,
        'First yard',
        'Second yard',
      ]);
      expect(statements).toBe(1);

      // An id past PostgreSQL's integer is nobody's ticket, and does not fail the others read with it.
      const withHostile = await Promise.all([first, 2 ** 31, second].map((id) => findTicket(countedDb, id)));
      expect(withHostile.map((found) => found?.jobSite)).toEqual(['First yard', undefined, 'Second yard']);
    } finally {
      await countedDb.destroy();
    }
  });
});
