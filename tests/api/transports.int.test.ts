import { siteDate } from '@portal/api';
import { catalogueChecks } from '@portal/api/test/catalogue-kit';
import { companyCatalogueTests, contactCatalogue } from '@portal/api/test/company-catalogue';
import { clientOfPortal, injector, useTestPortal } from '@portal/api/test/portal';
import { endpoints } from '@portal/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TransportContact } from '../../apps/admin-ui/src/transports/transport';
import type { Truck } from '../../apps/admin-ui/src/trucks/truck';

const ctx = useTestPortal({ standardUser: true });

type Company = { id: number; name: string; version: number };

const call = injector(() => ctx.portal);
const client = clientOfPortal(() => ctx.portal);
const companyChecks = catalogueChecks(ctx, endpoints.transportCompanyCatalogue);
const createCompany = (name: string) =>
  client(endpoints.transportCompanyCatalogue.create, { body: { name } }, ctx.admin);
const companies = (headers = ctx.admin) => client(endpoints.getTransportcompanyAll, {}, headers);
/** Contacts travel in {transportCompanyId, transportContact}. */
const contactsOfCompanies = contactCatalogue<TransportContact>(ctx, {
  company: 'transport',
  calls: endpoints.transportContactCatalogue,
  list: endpoints.postTransportcontactAll,
  contactInput: (overrides = {}) => ({ name: 'Tom Dispatch', number: '(905)555-0199', ...overrides }),
  createCompany,
});
const { createContact } = contactsOfCompanies;
let plates = 0;
const createTruck = (transportCompanyId: number, overrides: Partial<Truck> = {}) =>
  client(
    endpoints.truckCatalogue.create,
    {
      body: {
        truck: {
          transportCompanyId,
          number: `T-${++plates}`,
          licensePlate: `TC${String(plates).padStart(5, '0')}`,
          ...overrides,
        },
      },
    },
    ctx.admin,
  );

/** GET /api/transportcompany/{id} of a company with no contacts and no trucks. */
const withoutFleet = (company: Company) => ({ ...company, contacts: [], trucks: [] });

describe('transport companies', () => {
  it('create, get, list, edit and delete round-trip the saved company with id and version', async () => {
    const created = await call('POST', '/api/transportcompany/new', ctx.admin, { name: ' Haul Co ' });
    expect(created.statusCode).toBe(200);
    const saved = created.json<Company>();
    expect(saved).toEqual({ id: expect.any(Number), name: 'Haul Co', version: 1 });

    expect((await call('GET', `/api/transportcompany/${saved.id}`, ctx.admin)).json()).toEqual(
      withoutFleet(saved),
    );
    expect(await companies()).toContainEqual({ ...saved, truckCount: 0 });

    const edited = await call('PUT', '/api/transportcompany/edit', ctx.admin, {
      ...saved,
      name: 'Haul Co Ltd',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: saved.id, name: 'Haul Co Ltd', version: 2 });
    expect(await companies()).toContainEqual({ ...edited.json(), truckCount: 0 });

    await companyChecks.expectDeleted(saved.id);
    expect((await companies()).map((c) => c.id)).not.toContain(saved.id);
  });

  it('GET /{id} answers the company with its contacts and trucks; /new, /edit and /all without them', async () => {
    const fleet = await createCompany('Fleet Detail Haulage');
    const other = await createCompany('Other Detail Haulage');
    const contact = await createContact(fleet.id, { name: 'Ann Dispatch' });
    const trucks = [
      await createTruck(fleet.id, {
        driverName: 'Dan Driver',
        driverNumber: '(905)555-0123',
        tareWeight: 14000,
      }),
      await createTruck(fleet.id),
    ];
    await createContact(other.id);
    await createTruck(other.id);

    const response = await call('GET', `/api/transportcompany/${fleet.id}`, ctx.standard);
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json<Company & { contacts: TransportContact[]; trucks: Truck[] }>();
    expect(details).toEqual({ ...fleet, contacts: [contact], trucks: expect.arrayContaining(trucks) });
    expect(details.trucks).toHaveLength(2);

    const edited = await call('PUT', '/api/transportcompany/edit', ctx.admin, {
      ...fleet,
      name: 'Fleet Detail Ltd',
    });
    expect(edited.json()).toEqual({ id: fleet.id, name: 'Fleet Detail Ltd', version: 2 });
    expect(await companies()).toContainEqual({ ...edited.json(), truckCount: 2 });
  });

  it('refuses a blank name on edit, a stale version with 409, and keeps the company', async () => {
    const saved = await createCompany('Versioned Haulage');
    const blank = await call('PUT', '/api/transportcompany/edit', ctx.admin, { ...saved, name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Company name is required' });
    await companyChecks.expectStaleEditRefused(saved, { name: 'V2' }, { name: 'V3' });
  });

  it('answers 404 for unknown ids', async () => {
    await companyChecks.expectNotFound(999999, 'Haulage company not found.', { name: 'Ghost' });
  });

  it('lists companies by name with their truck counts', async () => {
    const fleet = await createCompany('Fleet Counting Haulage');
    await createTruck(fleet.id);
    await createTruck(fleet.id);
    const listed = await companies();
    expect(listed).toContainEqual({ ...fleet, truckCount: 2 });
    const names = listed.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses to delete a company with trucks or contacts (409 naming them) and keeps it', async () => {
    const busy = await createCompany('Busy Haulage');
    const truck = await createTruck(busy.id);
    const refused = await call('DELETE', `/api/transportcompany/${busy.id}`, ctx.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This haulage company is still used by 1 truck. Remove or move them first.',
    });
    await createTruck(busy.id);
    const contact = await createContact(busy.id);
    expect((await call('DELETE', `/api/transportcompany/${busy.id}`, ctx.admin)).json()).toEqual({
      message: 'This haulage company is still used by 2 trucks and 1 contact. Remove or move them first.',
    });
    expect((await call('GET', `/api/transportcompany/${busy.id}`, ctx.admin)).json()).toMatchObject(busy);

    const empty = await createCompany('Empty Haulage');
    const moved = await call('POST', '/api/truck/move', ctx.admin, {
      fromTransportCompanyId: busy.id,
      toTransportCompanyId: empty.id,
    });
    expect(moved.json()).toEqual({ moved: 2 });
    expect((await call('DELETE', `/api/transportcompany/${busy.id}`, ctx.admin)).json()).toEqual({
      message: 'This haulage company is still used by 1 contact. Remove or move them first.',
    });
    expect((await call('DELETE', `/api/transportcontact/${contact.id}`, ctx.admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/transportcompany/${busy.id}`, ctx.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/truck/${truck.id}`, ctx.admin)).json()).toMatchObject({
      transportCompanyId: empty.id,
    });
  });

  it('standard users read (200) but every write and the export are 403, changing nothing', async () => {
    const saved = await createCompany('Read Only Haulage');
    expect((await companies(ctx.standard)).map((c) => c.id)).toContain(saved.id);
    await companyChecks.expectReadOnlyToStandardUsers(saved, {
      count: async () => (await companies()).length,
      writes: () => [
        call('POST', '/api/transportcompany/new', ctx.standard, { name: 'Sneaky' }),
        call('PUT', '/api/transportcompany/edit', ctx.standard, { ...saved, name: 'Sneaky' }),
        call('DELETE', `/api/transportcompany/${saved.id}`, ctx.standard),
        call('GET', '/api/transportcompany/export', ctx.standard),
      ],
      shown: withoutFleet(saved),
    });
  });

  companyCatalogueTests(ctx, {
    calls: endpoints.transportCompanyCatalogue,
    createCompany,
    companies,
    listed: (saved) => ({ ...saved, truckCount: 0 }),
  });
});

describe('transport contacts', () => {
  contactsOfCompanies.declareTests({
    companyNotFound: 'Haulage company not found.',
    contactNotFound: 'Transport contact not found.',
    invalidNumbers: ['905.555.0199'],
    roundTrip: {
      companyName: 'Contact Haulage',
      sent: { name: ' Tom Dispatch ' },
      saved: { name: 'Tom Dispatch', number: '(905)555-0199' },
      edit: { number: '(905)555-0100' },
      edited: { number: '(905)555-0100' },
    },
  });
});

describe('GET /api/transportcompany/export', () => {
  /** The export's columns in order, each headed by the spec's words (issue 34, D17). */
  const headings = {
    transportCompanyName: 'Haulage company',
    truckNumber: 'Truck number',
    licensePlate: 'License plate',
    driverName: 'Driver name',
    driverNumber: 'Driver number',
    tareWeight: 'Tare weight (KG)',
  } as const;
  type Column = keyof typeof headings;
  type Row = Record<Column, unknown>;
  const columns = Object.keys(headings) as Column[];
  const blankToNull = (value: unknown) => (value === undefined || value === '' ? null : value);

  const download = async () => {
    const before = siteDate(ctx.portal.config.siteTimezone);
    const response = await call('GET', '/api/transportcompany/export', ctx.admin);
    const after = siteDate(ctx.portal.config.siteTimezone);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const grid: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      grid.push(columns.map((_, index) => blankToNull(row.getCell(index + 1).value)));
    });
    return { response, dates: [before, after], header: grid[0], rows: grid.slice(1) };
  };
  const asRow = (values: unknown[]): Row =>
    Object.fromEntries(columns.map((column, index) => [column, values[index]])) as Row;

  it('answers an .xlsx named transport-company-export-{site date}.xlsx', async () => {
    const { response, dates } = await download();
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="transport-company-export-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(dates.map((date) => `attachment; filename="transport-company-export-${date}.xlsx"`)).toContain(
      disposition,
    );
    // A zip archive (PK), not JSON.
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lists every truck under its company with a total per company and an overall total', async () => {
    const alpha = await createCompany('Export Alpha Haulage');
    const beta = await createCompany('Export Beta Haulage');
    await createTruck(alpha.id, {
      number: 'A2',
      licensePlate: 'EA00002',
      driverName: 'Ann',
      driverNumber: '(905)555-0002',
      tareWeight: 12000,
    });
    await createTruck(alpha.id, {
      number: 'A1',
      licensePlate: 'ea00001',
      driverName: 'Al',
      driverNumber: '(905)555-0001',
      tareWeight: 10000.5,
    });
    await createTruck(beta.id, { number: 'B1', licensePlate: 'EB00001' });

    const { header, rows } = await download();
    expect(header).toEqual(Object.values(headings));
    const records = rows.map(asRow);

    const alphaAt = records.findIndex((r) => r.transportCompanyName === 'Export Alpha Haulage');
    expect(records.slice(alphaAt, alphaAt + 3)).toEqual([
      {
        transportCompanyName: 'Export Alpha Haulage',
        truckNumber: 'A1',
        licensePlate: 'EA00001',
        driverName: 'Al',
        driverNumber: '(905)555-0001',
        // Whole KG in a sheet, as a scale weighs (issue 34, D17).
        tareWeight: 10001,
      },
      {
        transportCompanyName: 'Export Alpha Haulage',
        truckNumber: 'A2',
        licensePlate: 'EA00002',
        driverName: 'Ann',
        driverNumber: '(905)555-0002',
        tareWeight: 12000,
      },
      {
        transportCompanyName: 'Total Export Alpha Haulage',
        truckNumber: '2 trucks',
        licensePlate: null,
        driverName: null,
        driverNumber: null,
        tareWeight: 22001,
      },
    ]);
    const betaAt = records.findIndex((r) => r.transportCompanyName === 'Export Beta Haulage');
    expect(records.slice(betaAt, betaAt + 2)).toEqual([
      {
        transportCompanyName: 'Export Beta Haulage',
        truckNumber: 'B1',
        licensePlate: 'EB00001',
        driverName: null,
        driverNumber: null,
        tareWeight: null,
      },
      {
        transportCompanyName: 'Total Export Beta Haulage',
        truckNumber: '1 truck',
        licensePlate: null,
        driverName: null,
        driverNumber: null,
        tareWeight: 0,
      },
    ]);

    // Every truck of the portal, grouped by company in name order, each group closed by its total.
    const trucks = (await call('POST', '/api/truck/all', ctx.admin, {})).json<Truck[]>();
    const truckRows = records.filter((r) => !String(r.transportCompanyName).startsWith('Total'));
    expect(truckRows.map((r) => r.licensePlate)).toEqual(trucks.map((t) => t.licensePlate));
    const groups = [...new Set(trucks.map((t) => t.transportCompanyName))];
    expect(groups).toEqual([...groups].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const companyTotals = records.filter((r) => String(r.transportCompanyName).startsWith('Total '));
    expect(companyTotals.map((r) => r.transportCompanyName)).toEqual(groups.map((name) => `Total ${name}`));
    for (const name of groups) {
      const own = trucks.filter((t) => t.transportCompanyName === name);
      const lastOfGroup = records.findLastIndex((r) => r.transportCompanyName === name);
      expect(records[lastOfGroup + 1]).toMatchObject({
        transportCompanyName: `Total ${name}`,
        truckNumber: `${own.length} truck${own.length === 1 ? '' : 's'}`,
        tareWeight: Math.round(own.reduce((sum, t) => sum + (t.tareWeight ?? 0), 0)),
      });
    }
    const overall = records.at(-1);
    expect(overall).toEqual({
      transportCompanyName: 'Total',
      truckNumber: `${trucks.length} trucks`,
      licensePlate: null,
      driverName: null,
      driverNumber: null,
      tareWeight: Math.round(trucks.reduce((sum, t) => sum + (t.tareWeight ?? 0), 0)),
    });
    expect(records).toHaveLength(trucks.length + groups.length + 1);
  });
});
