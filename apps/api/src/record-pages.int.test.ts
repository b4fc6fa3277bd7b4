import { injector, useTestPortal } from '@portal/api/test/portal';
import type { Project, ProjectPage, Truck, TruckPage } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 16, item 2: the trucks (5,000) and projects (2,000) tables page on the server, like the ticket lists;
// without paging parameters the spec's answer (every record) is unchanged.
const ctx = useTestPortal({ standardUser: true });
const call = injector(() => ctx.portal);

const companyA = 9001;
const companyB = 9002;
const contractor = 9101;
const trucksOfA = 130;

beforeAll(async () => {
  const { db } = ctx.portal.infra;
  await sql`INSERT INTO transport_companies (id, name, version) VALUES (${companyA}, 'Paging Haul A', 1), (${companyB}, 'Paging Haul B', 1)`.execute(
    db,
  );
  // 130 trucks of A: drivers in 10 tied groups, every 7th never tared; 5 trucks of B.
  await sql`
    INSERT INTO trucks (id, transport_company_id, driver_name, driver_number, number, license_plate, tare_weight, version)
    SELECT 9000 + g, CASE WHEN g <= ${trucksOfA} THEN ${companyA}::int ELSE ${companyB}::int END, 'Driver ' || (g % 10),
      NULL, 'T' || g, 'PG' || lpad(g::text, 5, '0'), CASE WHEN g % 7 = 0 THEN NULL ELSE 14000 + g END, 1
    FROM generate_series(1, ${trucksOfA + 5}) g`.execute(db);
  await sql`INSERT INTO contractor_companies (id, name, version) VALUES (${contractor}, 'Paging Contractor', 1)`.execute(
    db,
  );
  await sql`
    INSERT INTO projects (id, project_id, contractor_company_id, job_site, is_soil_flo_project, approved, over_threshold, salt_impacted, version)
    SELECT 9100 + g, 'PP-' || lpad(g::text, 3, '0'), ${contractor}, 'Paging site ' || g, false, 1000 + g, false, false, 1
    FROM generate_series(1, 60) g`.execute(db);
  // Tickets sold: project 9101 has 3, project 9102 has 1, the rest none.
  await sql`
    INSERT INTO tickets (id, prefix, ticket_number, hash_nonce, is_soil_flo_load, is_received, is_complete,
      is_dispatched, is_rejected, is_salt_impacted, update_soil_flo, version, project_id)
    SELECT 900000 + g, 99, g, 'nonce', false, false, false, false, false, false, false, 1,
      CASE WHEN g <= 3 THEN 9101 ELSE 9102 END
    FROM generate_series(1, 4) g`.execute(db);
});

const trucksOf = async (companyId: number, query = '', headers = ctx.admin) =>
  call('POST', `/api/truck/all${query}`, headers, { transportCompanyId: companyId });

const truckPage = async (query: string, companyId = companyA) => {
  const response = await trucksOf(companyId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TruckPage>();
};

describe('the trucks list, a page at a time', () => {
  it('answers every truck, as the spec does, when the query string names no page', async () => {
    const response = await trucksOf(companyA);
    expect(response.statusCode).toBe(200);
    const trucks = response.json<Truck[]>();
    expect(Array.isArray(trucks)).toBe(true);
    expect(trucks).toHaveLength(trucksOfA);
  });

  it('answers the page asked for and the total, in the chosen order, whichever way', async () => {
    const every = (await trucksOf(companyA)).json<Truck[]>();
    const byPlate = every.map((truck) => truck.licensePlate).sort();
    const second = await truckPage('?page=2&perPage=50&sort=licensePlate&order=ASC');
    expect(second.total).toBe(trucksOfA);
    expect(second.trucks.map((truck) => truck.licensePlate)).toEqual(byPlate.slice(50, 100));
    const firstDescending = await truckPage('?page=1&perPage=100&sort=licensePlate&order=DESC');
    expect(firstDescending.trucks.map((truck) => truck.licensePlate)).toEqual(
      byPlate.toReversed().slice(0, 100),
    );
    // Only page or only size: the first page of 50, ordered by id.
    const defaults = await truckPage('?perPage=50');
    expect(defaults.trucks.map((truck) => truck.id)).toEqual(
      every
        .map((truck) => truck.id)
        .sort((a, b) => a - b)
        .slice(0, 50),
    );
  });

  it('keeps one order across pages when the sorted column ties, and never-tared trucks last', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => truckPage(`?page=${page}&perPage=50&sort=driverName`)),
    );
    const ids = pages.flatMap((page) => page.trucks.map((truck) => truck.id));
    expect(ids).toHaveLength(trucksOfA);
    expect(new Set(ids).size).toBe(trucksOfA);
    for (const order of ['ASC', 'DESC']) {
      const tared = await Promise.all(
        [1, 2, 3].map((page) => truckPage(`?page=${page}&perPage=50&sort=tareWeight&order=${order}`)),
      );
      const weights = tared.flatMap((page) => page.trucks.map((truck) => truck.tareWeight));
      const firstNull = weights.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(weights.slice(firstNull).every((weight) => weight === null)).toBe(true);
    }
  });

  it('answers an empty page past the end with the total, and another company its own trucks only', async () => {
    expect(await truckPage('?page=9&perPage=50')).toEqual({ trucks: [], total: trucksOfA });
    const other = await truckPage('?page=1&perPage=50', companyB);
    expect(other.total).toBe(5);
    expect(other.trucks.every((truck) => truck.transportCompanyId === companyB)).toBe(true);
  });

  it('refuses a page size, sort or page the tables do not offer', async () => {
    for (const query of [
      '?perPage=7',
      '?perPage=200',
      '?page=0',
      '?page=1&sort=password',
      '?page=1&order=up',
    ]) {
      expect((await trucksOf(companyA, query)).statusCode, query).toBe(400);
    }
  });
});

describe('the projects list, a page at a time', () => {
  const projectsOf = (path: string, headers = ctx.admin) => call('GET', path, headers);

  it('answers every project, as the spec does, when the query string names no page', async () => {
    const response = await projectsOf(`/api/project/contractor/${contractor}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Project[]>()).toHaveLength(60);
  });

  it("pages a contractor's projects and all projects, ordered by a counted column too", async () => {
    const sold = (
      await projectsOf(`/api/project/contractor/${contractor}?page=1&perPage=50&sort=ticketsSold&order=DESC`)
    ).json<ProjectPage>();
    expect(sold.total).toBe(60);
    expect(sold.projects.slice(0, 2).map((project) => [project.id, project.ticketsSold])).toEqual([
      [9101, 3],
      [9102, 1],
    ]);
    const last = (
      await projectsOf(`/api/project/contractor/${contractor}?page=2&perPage=50&sort=projectId`)
    ).json<ProjectPage>();
    expect(last.projects.map((project) => project.projectId)).toEqual(
      Array.from({ length: 10 }, (_, n) => `PP-${String(51 + n).padStart(3, '0')}`),
    );
    const all = await projectsOf('/api/project/all?page=1&perPage=100');
    expect(all.statusCode).toBe(200);
    expect(all.json<ProjectPage>().total).toBeGreaterThanOrEqual(60);
    expect((await projectsOf('/api/project/all?perPage=25')).statusCode).toBe(400);
  });

  it('gives a standard user the same answer with paging as without', async () => {
    const plain = await projectsOf(`/api/project/contractor/${contractor}`, ctx.standard);
    const paged = await projectsOf(`/api/project/contractor/${contractor}?page=1&perPage=50`, ctx.standard);
    expect(paged.statusCode).toBe(plain.statusCode);
    const trucksPlain = await trucksOf(companyA, '', ctx.standard);
    const trucksPaged = await trucksOf(companyA, '?page=1&perPage=50', ctx.standard);
    expect(trucksPaged.statusCode).toBe(trucksPlain.statusCode);
  });
});
