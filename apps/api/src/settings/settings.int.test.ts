import { injector, useTestPortal } from '@portal/api/test/portal';
import type { Settings } from '@portal/contract';
import { printedRecordDefaults } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const retareInvalid = 'Re-tare days must be a whole number of 1 or more, or blank for never to expire';

const ctx = useTestPortal({ standardUser: true });

const call = injector(() => ctx.portal);
const get = async (headers = ctx.admin): Promise<Settings> => {
  const response = await call('GET', '/api/setting', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Settings>();
};
const put = (payload: object, headers = ctx.admin) => call('PUT', '/api/setting', headers, payload);

const defaults: Settings = {
  id: 1,
  currentPrefix: 0,
  defaultTareWeight: 0,
  haulageRecordReceiverName: null,
  haulageRecordReceiverPhone: null,
  haulageRecordReceiverEmail: null,
  receivingSiteName: printedRecordDefaults.receivingSiteName,
  receivingSiteAddress: null,
  soilQualityStatement: printedRecordDefaults.soilQualityStatement,
  retareEveryDays: null,
  displayUnit: 'kg',
  maximumWeightKg: 100_000,
  hashQrAboveTicketId: 10_015,
  version: 0,
};
const chosen = {
  currentPrefix: 2,
  defaultTareWeight: 14000.5,
  haulageRecordReceiverName: 'Rita Receiver',
  haulageRecordReceiverPhone: '(416)555-0123',
  haulageRecordReceiverEmail: 'rita@site.test',
  receivingSiteName: 'Northfield Soil Receiving',
  receivingSiteAddress: '1200 Quarry Line, Caledon ON',
  soilQualityStatement: 'Clean excess soil only.',
  retareEveryDays: 90,
  displayUnit: 'lb',
  maximumWeightKg: 60_000,
  hashQrAboveTicketId: 0,
};

// The tests share one settings record and run in order: defaults first, then saves.
describe('settings', () => {
  it('GET answers the spec defaults before anyone saved them (prefix 0, tare 0), to any signed-in user', async () => {
    expect(await get()).toEqual(defaults);
    expect(await get(ctx.standard)).toEqual(defaults);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/setting', {})).statusCode).toBe(401);
    expect((await put(chosen, {})).statusCode).toBe(401);
  });

  it('a standard user PUT is 403 and changes nothing', async () => {
    const response = await put({ ...chosen, version: 0 }, ctx.standard);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have permission to do this.' });
    expect(await get()).toEqual(defaults);
  });

  it.each([
    [
      { haulageRecordReceiverPhone: '416-555-0123' },
      'haulageRecordReceiverPhone',
      'Phone number is not valid',
    ],
    [{ haulageRecordReceiverEmail: 'rita@' }, 'haulageRecordReceiverEmail', 'Email is not valid'],
    [{ currentPrefix: -1 }, 'currentPrefix', 'Prefix must be a whole number of 0 or more'],
    [{ currentPrefix: 1.5 }, 'currentPrefix', 'Prefix must be a whole number of 0 or more'],
    // Issue 34 (D4): the default tare is a weight like any other, up to the site's maximum (60,000 here).
    [{ defaultTareWeight: -0.5 }, 'defaultTareWeight', 'Default tare weight must be from 0 to 60000 KG'],
    [{ defaultTareWeight: 60_000.5 }, 'defaultTareWeight', 'Default tare weight must be from 0 to 60000 KG'],
    [{ soilQualityStatement: 'x'.repeat(1001) }, 'soilQualityStatement', 'Can be max 1000 characters'],
    [{ retareEveryDays: 0 }, 'retareEveryDays', retareInvalid],
    [{ retareEveryDays: 2.5 }, 'retareEveryDays', retareInvalid],
    [{ retareEveryDays: 'monthly' }, 'retareEveryDays', retareInvalid],
    [{ displayUnit: 'stone' }, 'displayUnit', 'Weight unit must be one of kg, t, lb, ton'],
    [{ maximumWeightKg: 0 }, 'maximumWeightKg', 'Maximum weight must be a whole number of KG of 1 or more'],
    [
      { maximumWeightKg: 100.5 },
      'maximumWeightKg',
      'Maximum weight must be a whole number of KG of 1 or more',
    ],
    [{ hashQrAboveTicketId: -1 }, 'hashQrAboveTicketId', 'Must be a ticket id of 0 or more'],
  ])('refuses %o with 400 on %s: %s, saving nothing', async (change, field, message) => {
    const response = await put({ ...chosen, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect(await get()).toEqual(defaults);
  });

  it('an administrator PUT saves them; GET then shows them to everyone', async () => {
    const response = await put({ ...chosen, version: 0 });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Settings>();
    expect(saved).toEqual({ id: 1, ...chosen, version: 1 });
    expect(await get()).toEqual(saved);
    expect(await get(ctx.standard)).toEqual(saved);
  });

  it('a later PUT replaces them; blanks clear the optional fields and reset numbers to 0', async () => {
    const current = await get();
    const response = await put({
      ...current,
      currentPrefix: '',
      defaultTareWeight: 15250,
      haulageRecordReceiverName: '',
      haulageRecordReceiverPhone: '  ',
      receivingSiteName: ' ',
      receivingSiteAddress: '',
      retareEveryDays: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...current,
      currentPrefix: 0,
      defaultTareWeight: 15250,
      haulageRecordReceiverName: null,
      haulageRecordReceiverPhone: null,
      // A blank site name reads as the default again; the address has none.
      receivingSiteName: printedRecordDefaults.receivingSiteName,
      receivingSiteAddress: null,
      retareEveryDays: null,
      version: current.version + 1,
    });
    expect(await get()).toEqual(response.json());
  });

  it('a PUT without the later settings (a client older than them) saves their defaults: no re-tare rule, KG', async () => {
    const current = await get();
    expect((await put({ ...current, retareEveryDays: 7, displayUnit: 't' })).statusCode).toBe(200);
    const {
      retareEveryDays: _retare,
      displayUnit: _unit,
      maximumWeightKg: _maximum,
      hashQrAboveTicketId: _qr,
      ...older
    } = await get();
    const response = await put(older);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      retareEveryDays: null,
      displayUnit: 'kg',
      maximumWeightKg: 100_000,
      hashQrAboveTicketId: 10_015,
    });
  });

  it('a lb site still gets and gives every weight in KG (the spec contract): the unit is for display only', async () => {
    const current = await get();
    const response = await put({ ...current, displayUnit: 'lb', defaultTareWeight: 14_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ displayUnit: 'lb', defaultTareWeight: 14_000 });
    // The OpenAPI document says so beside the setting.
    const docs = await call('GET', '/api/docs/json', ctx.admin);
    expect(docs.body).toContain('every weight the API takes and answers stays in KG');
  });

  it('a PUT that changes nothing keeps the version', async () => {
    const current = await get();
    const response = await put({ ...current });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(current);
  });

  it('refuses a stale version with 409 and keeps the newer save', async () => {
    const current = await get();
    expect((await put({ ...current, currentPrefix: 7 })).statusCode).toBe(200);
    const old = await put({ ...current, currentPrefix: 8 });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual({
      message: 'This record was changed by someone else. Reload it and try again.',
    });
    expect(await get()).toMatchObject({ currentPrefix: 7, version: current.version + 1 });
  });

  it('a bad phone on a later save is 400 and keeps what was saved', async () => {
    const current = await get();
    const response = await put({ ...current, haulageRecordReceiverPhone: '(416)555-01234' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Phone number is not valid',
      errors: { haulageRecordReceiverPhone: 'Phone number is not valid' },
    });
    expect(await get()).toEqual(current);
  });

  it('read-your-writes: every save is in the very next GET, 20 rounds without retry', async () => {
    for (let round = 0; round < 20; round++) {
      const current = await get();
      const response = await put({ ...current, currentPrefix: round + 10 });
      expect(response.statusCode, response.body).toBe(200);
      expect(await get()).toEqual({ ...current, currentPrefix: round + 10, version: current.version + 1 });
    }
  });
});
