import {
  catalogueChecks,
  expectForbidden,
  expectReadYourWrites,
  expectRefusedCreatingNothing,
} from '@portal/api/test/catalogue-kit';
import { clientOfPortal, injector, useTestPortal } from '@portal/api/test/portal';
import { endpoints } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Truck } from '../../apps/admin-ui/src/trucks/truck';

const ctx = useTestPortal({ standardUser: true });
let haulCo: { id: number; name: string };

beforeAll(async () => {
  haulCo = await createCompany('Haul Co');
});

const stale = 'This record was changed by someone else. Reload it and try again.';
const moveTargetRequired = 'Move trucks needs a target company chosen';

const call = injector(() => ctx.portal);
const client = clientOfPortal(() => ctx.portal);
const checks = catalogueChecks(ctx, endpoints.truckCatalogue, (truck) => ({ truck }));

const createCompany = (name: string) =>
  client(endpoints.transportCompanyCatalogue.create, { body: { name } }, ctx.admin);
let serial = 0;
/** A free plate of the formatted kind (AA99999). */
const nextPlate = () => `TR${String(++serial).padStart(5, '0')}`;
const truckInput = (overrides: object = {}) => ({
  transportCompanyId: haulCo.id,
  number: `T-${serial + 1}`,
  licensePlate: nextPlate(),
  driverName: 'Dan Driver',
  driverNumber: '(905)555-0142',
  tareWeight: 14250.5,
  ...overrides,
});
/** Saves travel as {truck, ...}. */
const save = (method: 'POST' | 'PUT', truck: object, headers = ctx.admin) =>
  call(method, method === 'POST' ? '/api/truck/new' : '/api/truck/edit', headers, { truck });
const createTruck = async (overrides: object = {}): Promise<Truck> => {
  const response = await save('POST', truckInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Truck>();
};
// Unpaged, the list is an array (the typed client's answer is either shape).
const trucksOf = async (transportCompanyId?: number, headers = ctx.admin): Promise<Truck[]> =>
  (await call('POST', '/api/truck/all', headers, { transportCompanyId })).json();
const move = (fromTransportCompanyId: unknown, toTransportCompanyId: unknown, headers = ctx.admin) =>
  call('POST', '/api/truck/move', headers, { fromTransportCompanyId, toTransportCompanyId });

describe('trucks', () => {
  it('create, get, list, edit and delete round-trip the saved truck with id, version and company name', async () => {
    const created = await save('POST', {
      transportCompanyId: haulCo.id,
      number: ' 42 ',
      licensePlate: ' rt12345 ',
      driverName: ' Dan Driver ',
      driverNumber: '(905)555-0142',
      tareWeight: 14250.5,
    });
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json<Truck>();
    expect(saved).toEqual({
      id: expect.any(Number),
      transportCompanyId: haulCo.id,
      transportCompanyName: 'Haul Co',
      driverName: 'Dan Driver',
      driverNumber: '(905)555-0142',
      number: '42',
      licensePlate: 'RT12345',
      tareWeight: 14250.5,
      // A tare is dated when it is saved (issue 29: stored tares expire); an edit leaving it unchanged keeps the date.
      tareWeighedAt: expect.any(String),
      version: 1,
    });
    expect(Date.now() - Date.parse(saved.tareWeighedAt ?? '')).toBeLessThan(60_000);
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.admin)).json()).toEqual(saved);
    expect(await trucksOf(haulCo.id)).toContainEqual(saved);
    expect(await trucksOf()).toContainEqual(saved);

    const edited = await save('PUT', { ...saved, driverName: 'Dana Driver', driverNumber: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ ...saved, driverName: 'Dana Driver', driverNumber: null, version: 2 });
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.admin)).json()).toEqual(edited.json());

    await checks.expectDeleted(saved.id);
    expect((await trucksOf()).map((t) => t.id)).not.toContain(saved.id);
    // Its plate is free again.
    expect((await createTruck({ licensePlate: 'rt12345' })).licensePlate).toBe('RT12345');
  });

  it('takes the company from the envelope when the truck does not name one', async () => {
    const other = await createCompany('Envelope Haulage');
    const response = await call('POST', '/api/truck/new', ctx.admin, {
      transportCompanyId: other.id,
      truck: { number: '7', licensePlate: nextPlate() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      transportCompanyId: other.id,
      transportCompanyName: 'Envelope Haulage',
      driverName: null,
      driverNumber: null,
      tareWeight: null,
    });
  });

  it('an edit that changes nothing keeps the version', async () => {
    await checks.expectUnchangedEditKeepsVersion(await createTruck());
  });

  it.each([
    [{ number: '' }, 'number', 'Truck number is required'],
    [{ licensePlate: '' }, 'licensePlate', 'License plate is required'],
    [{ licensePlate: 'AB123456' }, 'licensePlate', 'License plate can be max 7 characters'],
    [{ driverNumber: '905-555-0142' }, 'driverNumber', 'Phone number is not valid'],
    [{ tareWeight: -1 }, 'tareWeight', 'Tare weight must be more than 0 KG and at most 100000 KG'],
    [{ transportCompanyId: 0 }, 'transportCompanyId', 'Please select a company'],
    [{ transportCompanyId: 999999 }, 'transportCompanyId', 'Haulage company not found.'],
  ])('refuses %o with 400 on %s: %s, creating nothing', async (change, field, message) => {
    await expectRefusedCreatingNothing(
      async () => (await trucksOf()).length,
      () => save('POST', truckInput(change)),
      field,
      message,
    );
  });

  it('accepts a truck without a driver number (it is optional)', async () => {
    const saved = await createTruck({ driverNumber: '', driverName: '' });
    expect(saved).toMatchObject({ driverNumber: null, driverName: null });
  });

  it('validates edits with the spec messages and keeps the truck', async () => {
    const saved = await createTruck();
    await checks.expectEditRefused(
      saved,
      { licensePlate: 'TOOLONG1' },
      'licensePlate',
      'License plate can be max 7 characters',
    );
  });

  it('refuses a stale version with 409', async () => {
    const saved = await createTruck();
    await checks.expectStaleEditRefused(saved, { driverName: 'Newer' }, { driverName: 'Older' });
  });

  it('answers 404 for unknown ids', async () => {
    await checks.expectNotFound(999999, 'Truck not found.', truckInput());
  });

  it('standard users read (200) but every write is 403 and changes nothing', async () => {
    const saved = await createTruck();
    expect(await trucksOf(haulCo.id, ctx.standard)).toContainEqual(saved);
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.standard)).json()).toEqual(saved);
    const target = await createCompany('Standard Target Haulage');
    const before = (await trucksOf()).length;
    await expectForbidden([
      save('POST', truckInput(), ctx.standard),
      save('PUT', { ...saved, driverName: 'Sneaky' }, ctx.standard),
      call('DELETE', `/api/truck/${saved.id}`, ctx.standard),
      move(haulCo.id, target.id, ctx.standard),
    ]);
    expect((await trucksOf()).length).toBe(before);
    expect(await trucksOf(target.id)).toEqual([]);
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.admin)).json()).toEqual(saved);
  });

  it('standard users tare trucks, as they weigh tickets (docs/rules.md, "Roles")', async () => {
    const saved = await createTruck();
    const tared = await call('PUT', '/api/truck/tare', ctx.standard, {
      truck: { id: saved.id, tareWeight: 14_020.5 },
    });
    expect(tared.statusCode, tared.body).toBe(200);
    expect(tared.json()).toMatchObject({ id: saved.id, tareWeight: 14_020.5 });
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.admin)).json()).toMatchObject({
      tareWeight: 14_020.5,
    });
  });

  it('read-your-writes: every created truck is in the very next list, 20 rounds without retry', async () => {
    await expectReadYourWrites(
      () => createTruck(),
      () => trucksOf(haulCo.id),
    );
  });
});

describe('licence plates', () => {
  it('belong to one truck: the same plate in any case is a 409 naming it, and nothing is created', async () => {
    const first = await createTruck({ licensePlate: 'ab12345' });
    expect(first.licensePlate).toBe('AB12345');
    const before = (await trucksOf()).length;
    for (const plate of ['AB12345', 'ab12345', ' Ab12345 ']) {
      const response = await save('POST', truckInput({ licensePlate: plate }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'License plate AB12345 already belongs to another truck.' });
    }
    // Another company's truck cannot take it either.
    const other = await createCompany('Plate Thief Haulage');
    expect(
      (await save('POST', truckInput({ transportCompanyId: other.id, licensePlate: 'aB12345' }))).statusCode,
    ).toBe(409);
    expect((await trucksOf()).length).toBe(before);
  });

  it("an edit may keep its own plate (any case) but not take another truck's", async () => {
    const mine = await createTruck({ licensePlate: 'KP00001' });
    const theirs = await createTruck({ licensePlate: 'KP00002' });
    const kept = await save('PUT', { ...mine, licensePlate: 'kp00001', driverName: 'Kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ licensePlate: 'KP00001', driverName: 'Kept', version: 2 });

    const taken = await save('PUT', { ...theirs, licensePlate: 'KP00001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'License plate KP00001 already belongs to another truck.' });
    expect((await call('GET', `/api/truck/${theirs.id}`, ctx.admin)).json()).toEqual(theirs);
  });

  it('10 concurrent creations with one plate: exactly one 200, nine 409, one truck listed', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save('POST', truckInput({ number: `Race ${i}`, licensePlate: 'RC00001' })),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: 'License plate RC00001 already belongs to another truck.' });
    }
    expect((await trucksOf()).filter((t) => t.licensePlate === 'RC00001')).toHaveLength(1);
  });
});

describe('PUT /api/truck/tare', () => {
  it('sets the tare weight and nothing else', async () => {
    const saved = await createTruck({ tareWeight: null });
    expect(saved.tareWeight).toBeNull();
    const response = await call('PUT', '/api/truck/tare', ctx.admin, {
      transportCompanyId: haulCo.id,
      truck: { id: saved.id, tareWeight: 15000.25, driverName: 'Ignored', version: saved.version },
      transportContact: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...saved,
      tareWeight: 15000.25,
      tareWeighedAt: expect.any(String),
      version: 2,
    });
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.admin)).json()).toEqual(response.json());
    expect(await trucksOf(haulCo.id)).toContainEqual(response.json());
  });

  it('refuses a bad weight (400), a stale version (409) and an unknown truck (404)', async () => {
    const saved = await createTruck({ tareWeight: 100 });
    const bad = await call('PUT', '/api/truck/tare', ctx.admin, { truck: { id: saved.id, tareWeight: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Tare weight must be more than 0 KG and at most 100000 KG',
      errors: { tareWeight: 'Tare weight must be more than 0 KG and at most 100000 KG' },
    });
    expect(
      (await call('PUT', '/api/truck/tare', ctx.admin, { truck: { id: saved.id, tareWeight: 200 } }))
        .statusCode,
    ).toBe(200);
    const old = await call('PUT', '/api/truck/tare', ctx.admin, {
      truck: { id: saved.id, tareWeight: 300, version: saved.version },
    });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual({ message: stale });
    expect((await call('GET', `/api/truck/${saved.id}`, ctx.admin)).json().tareWeight).toBe(200);

    const unknown = await call('PUT', '/api/truck/tare', ctx.admin, { truck: { id: 999999, tareWeight: 1 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Truck not found.' });
  });
});

describe('POST /api/truck/move', () => {
  it('moves every truck of the source to the target, answering how many', async () => {
    const from = await createCompany('Move From Haulage');
    const to = await createCompany('Move To Haulage');
    const moving = [
      await createTruck({ transportCompanyId: from.id }),
      await createTruck({ transportCompanyId: from.id }),
    ];
    moving.push(await createTruck({ transportCompanyId: from.id }));
    const resident = await createTruck({ transportCompanyId: to.id });

    const response = await move(from.id, to.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ moved: 3 });

    expect(await trucksOf(from.id)).toEqual([]);
    const arrived = await trucksOf(to.id);
    expect(arrived.map((t) => t.id).sort()).toEqual([...moving.map((t) => t.id), resident.id].sort());
    for (const truck of arrived) {
      expect(truck).toMatchObject({ transportCompanyId: to.id, transportCompanyName: 'Move To Haulage' });
    }
    const companies = (await call('GET', '/api/transportcompany/all', ctx.admin)).json<
      { id: number; truckCount: number }[]
    >();
    expect(companies.find((c) => c.id === from.id)?.truckCount).toBe(0);
    expect(companies.find((c) => c.id === to.id)?.truckCount).toBe(4);
    // A moved truck keeps everything else.
    const first = moving[0] as Truck;
    expect((await call('GET', `/api/truck/${first.id}`, ctx.admin)).json()).toMatchObject({
      number: first.number,
      licensePlate: first.licensePlate,
      tareWeight: first.tareWeight,
      transportCompanyId: to.id,
    });
  });

  it.each([
    ['no target', (from: number) => [from, undefined]],
    ['target 0', (from: number) => [from, 0]],
    ['the source as target', (from: number) => [from, from]],
  ])(
    'with %s answers 400 Move trucks needs a target company chosen and moves nothing',
    async (_case, args) => {
      const from = await createCompany(`Stay Put Haulage ${crypto.randomUUID().slice(0, 6)}`);
      const truck = await createTruck({ transportCompanyId: from.id });
      const [source, target] = args(from.id);
      const response = await move(source, target);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: moveTargetRequired,
        errors: { toTransportCompanyId: moveTargetRequired },
      });
      expect(await trucksOf(from.id)).toEqual([truck]);
    },
  );

  it('refuses an unknown target or source and moves nothing', async () => {
    const from = await createCompany('Unknown Target Haulage');
    const truck = await createTruck({ transportCompanyId: from.id });
    const unknownTarget = await move(from.id, 999999);
    expect(unknownTarget.statusCode).toBe(400);
    expect(unknownTarget.json().message).toBe('Haulage company not found.');
    expect(await trucksOf(from.id)).toEqual([truck]);
    expect((await move(999999, from.id)).statusCode).toBe(400);
  });

  it('from a company without trucks moves nothing', async () => {
    const empty = await createCompany('No Trucks Haulage');
    const to = await createCompany('Receiving Haulage');
    const response = await move(empty.id, to.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ moved: 0 });
    expect(await trucksOf(to.id)).toEqual([]);
  });

  it('moved trucks can be edited and moved again', async () => {
    const a = await createCompany('Round Trip A');
    const b = await createCompany('Round Trip B');
    const truck = await createTruck({ transportCompanyId: a.id });
    expect((await move(a.id, b.id)).json()).toEqual({ moved: 1 });
    const current = (await call('GET', `/api/truck/${truck.id}`, ctx.admin)).json<Truck>();
    const edited = await save('PUT', { ...current, driverName: 'After Move' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ transportCompanyId: b.id, driverName: 'After Move' });
    expect((await move(b.id, a.id)).json()).toEqual({ moved: 1 });
    expect((await trucksOf(a.id)).map((t) => t.id)).toEqual([truck.id]);
  });

  it('a truck form loaded before a move cannot silently move the truck back (stale version)', async () => {
    const a = await createCompany('Stale Move A');
    const b = await createCompany('Stale Move B');
    const loaded = await createTruck({ transportCompanyId: a.id });
    expect((await move(a.id, b.id)).json()).toEqual({ moved: 1 });
    const response = await save('PUT', { ...loaded, driverName: 'Edited from an old form' });
    expect(response.statusCode).toBe(409);
    expect((await call('GET', `/api/truck/${loaded.id}`, ctx.admin)).json().transportCompanyId).toBe(b.id);
  });
});
