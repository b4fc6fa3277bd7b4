import { tareOnScale } from '@portal/api/test/scale-kit';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { BridgeReport, Scale, ScaleReading, Settings, Ticket } from '@portal/contract';
import { scaleMessages } from '@portal/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

// Issue 29, section 3: the weighbridge workflow of truck-scale software, through the API.
const kit = useTicketPortal({ standardUser: true });

async function scaleWithKey(): Promise<{ scale: Scale; key: string }> {
  const created = await kit.call('POST', '/api/scale/new', {
    scaleName: `Lane ${crypto.randomUUID().slice(0, 8)}`,
  });
  const scale = created.json<Scale>();
  const issued = await kit.call('POST', `/api/scale/${scale.id}/key`);
  return { scale, key: issued.json<{ key: string }>().key };
}

const reading = (weightKg: number, fields: Partial<ScaleReading> = {}): BridgeReport => ({
  status: 'ok',
  statusSince: new Date(Date.now() - 1000).toISOString(),
  reading: {
    weightKg,
    mode: 'gross',
    stable: true,
    range: 'ok',
    rawFrame: '02343020',
    readAt: new Date().toISOString(),
    divisionKg: 20,
    ...fields,
  },
});

async function report(key: string, body: BridgeReport): Promise<void> {
  const response = await kit.call('PUT', '/api/scale/bridge/report', body, {
    authorization: `Bridge ${key}`,
  });
  expect(response.statusCode, response.body).toBe(204);
}

/** The previous truck leaves the deck, and this one drives on. */
async function driveOn(key: string, weightKg: number, fields: Partial<ScaleReading> = {}): Promise<void> {
  await report(key, reading(0));
  await report(key, reading(weightKg, fields));
}

async function events(ticketId: number): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return (await kit.call('GET', `/api/ticket/${ticketId}/history`)).json();
}

const weigh = (ticket: Ticket, scale: Scale, materialId: number, fields: object = {}) =>
  kit.call(
    'PUT',
    '/api/ticket/weigh',
    { ticketId: ticket.id, materialId, scaleId: scale.id, ...fields },
    kit.standard,
  );

describe('a truck with no fresh stored tare', () => {
  it('is never weighed on the default tare silently: the operator is told, and the choice is recorded', async () => {
    const { scale, key } = await scaleWithKey();
    const material = await kit.material(`Clay ${crypto.randomUUID().slice(0, 8)}`);
    const { truck, ticket } = await kit.truckTicket(null);
    await driveOn(key, 38_000);
    const refused = await weigh(ticket, scale, material.id);
    expect(refused.statusCode, refused.body).toBe(409);
    const message = scaleMessages.tareMissing(truck.number);
    expect(refused.json()).toEqual({ message, errors: { tare: message } });
    expect((await kit.get(ticket.id)).weight).toBeNull();
    // The refusal kept the return to zero: the choice is weighed from the same reading.
    const chosen = await weigh(ticket, scale, material.id, { tare: 'default' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { defaultTareWeight } = (await kit.call('GET', '/api/setting')).json<Settings>();
    expect(chosen.json<Ticket>()).toMatchObject({ weight: 38_000 - defaultTareWeight, isReceived: true });
    expect(
      (await events(ticket.id)).find((e) => e.type === 'TicketWeighedOnDefaultTare')?.data,
    ).toMatchObject({
      scaleWeight: 38_000,
      tareWeight: defaultTareWeight,
      storedTare: 'missing',
      source: { scaleId: scale.id, manual: false },
    });
  });

  it("keeps the spec's answer for the spec's body: a truck with no tare is weighed on the default tare, recorded as such", async () => {
    const material = await kit.material(`Sand ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(null);
    const weighed = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      weight: 30_000,
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect((await events(ticket.id)).map((e) => e.type)).toContain('TicketWeighedOnDefaultTare');
  });

  it("refuses a tare older than the site's re-tare period, and dates a tare weighed again", async () => {
    const { scale, key } = await scaleWithKey();
    const material = await kit.material(`Loam ${crypto.randomUUID().slice(0, 8)}`);
    const { truck, ticket } = await kit.truckTicket(14_000);
    expect(truck.tareWeighedAt).not.toBeNull();
    const settings = (await kit.call('GET', '/api/setting')).json<Settings>();
    const saved = await kit.call('PUT', '/api/setting', { ...settings, retareEveryDays: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      // The truck was tared 40 days ago (its read model row dated back, as time would have).
      const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
      await sql`UPDATE trucks SET tare_weighed_at = ${fortyDaysAgo} WHERE id = ${truck.id}`.execute(
        kit.portal.app.infra.db,
      );
      await driveOn(key, 39_000);
      const refused = await weigh(ticket, scale, material.id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().errors.tare).toBe(
        scaleMessages.tareExpired(truck.number, fortyDaysAgo.toISOString().slice(0, 10), 30),
      );
      // Tared again on the scale (at the very same weight): the tare is fresh, and the weigh-in takes it.
      await driveOn(key, 14_000);
      const tared = await tareOnScale(kit.portal, kit.standard, truck.id, scale.id);
      expect(Date.parse(tared.truck.tareWeighedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      await driveOn(key, 39_000);
      const weighed = await weigh(ticket, scale, material.id);
      expect(weighed.statusCode, weighed.body).toBe(200);
      expect(weighed.json<Ticket>().weight).toBe(25_000);
    } finally {
      const current = (await kit.call('GET', '/api/setting')).json<Settings>();
      await kit.call('PUT', '/api/setting', { ...current, retareEveryDays: null });
    }
  });
});

describe('two-pass weighing', () => {
  it.each([
    ['loaded in, empty out', 40_000, 15_000],
    ['empty in, loaded out', 15_000, 40_000],
  ])(
    '%s: the first weight is held, the second completes gross, tare and net',
    async (_order, first, second) => {
      const { scale, key } = await scaleWithKey();
      const material = await kit.material(`Fill ${crypto.randomUUID().slice(0, 8)}`);
      const { ticket } = await kit.truckTicket(null);
      await driveOn(key, first);
      const held = await weigh(ticket, scale, material.id, { tare: 'two-pass' });
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json<Ticket>()).toMatchObject({ firstWeight: first, weight: null, isReceived: false });
      // The truck must leave the deck before its second weighing.
      await report(key, reading(second));
      expect((await weigh(ticket, scale, material.id)).json().message).toBe(scaleMessages.notZeroed);
      await driveOn(key, second);
      const completed = await weigh(ticket, scale, material.id);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json<Ticket>()).toMatchObject({ firstWeight: null, weight: 25_000, isReceived: true });
      const history = await events(ticket.id);
      expect(history.map((e) => e.type)).toEqual(
        expect.arrayContaining(['TicketFirstWeighed', 'TicketSecondWeighed', 'TicketReceived']),
      );
      expect(history.find((e) => e.type === 'TicketSecondWeighed')?.data).toMatchObject({
        firstWeight: first,
        secondWeight: second,
        scaleWeight: 40_000,
        tareWeight: 15_000,
        weight: 25_000,
      });
    },
  );
});

describe('a two-pass weighing abandoned', () => {
  it('lets the first weight go, so the ticket is weighed again from the start; nothing to let go is a 409', async () => {
    const { scale, key } = await scaleWithKey();
    const material = await kit.material(`Till ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(null);
    await driveOn(key, 40_000);
    expect((await weigh(ticket, scale, material.id, { tare: 'two-pass' })).statusCode).toBe(200);
    const discard = () =>
      kit.call('POST', `/api/ticket/${ticket.id}/first-weight/discard`, undefined, kit.standard);
    // A burst of ten at once lets the first weight go once: one 200, the others 409, one event.
    const burst = await Promise.all(Array.from({ length: 10 }, discard));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const discarded = burst.find((response) => response.statusCode === 200);
    if (!discarded) throw new Error('no discard answered 200');
    expect(discarded.json<Ticket>()).toMatchObject({ firstWeight: null, weight: null, isReceived: false });
    const again = await discard();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This ticket holds no first weight.' });
    // Weighed again from the start: with no stored tare, the operator chooses again.
    await driveOn(key, 41_000);
    expect((await weigh(ticket, scale, material.id)).json().errors).toHaveProperty('tare');
    const types = (await events(ticket.id)).map((e) => e.type);
    expect(types).toContain('TicketFirstWeighed');
    expect(types.filter((type) => type === 'TicketFirstWeightDiscarded')).toHaveLength(1);
    // Another ticket's path spelled oddly finds no route, and no token gets nothing.
    expect((await kit.call('POST', `/api/ticket/${ticket.id}/first-weight%2Fdiscard`)).statusCode).toBe(404);
    expect(
      (await kit.call('POST', `/api/ticket/${ticket.id}/first-weight/discard`, undefined, {})).statusCode,
    ).toBe(401);
  });
});

describe('net weighing', () => {
  it("weighs the indicator's net only when asked, and only with the tare its frame carries", async () => {
    const { scale, key } = await scaleWithKey();
    const material = await kit.material(`Rock ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(13_000);
    await driveOn(key, 24_020, { mode: 'net' });
    const asGross = await weigh(ticket, scale, material.id);
    expect(asGross.json().message).toBe(scaleMessages.netMode);
    const noTare = await weigh(ticket, scale, material.id, { weighAs: 'net' });
    expect(noTare.statusCode).toBe(409);
    expect(noTare.json().message).toBe(scaleMessages.netWithoutTare);
    await report(key, reading(24_020, { mode: 'net', tareKg: 14_000 }));
    const weighed = await weigh(ticket, scale, material.id, { weighAs: 'net' });
    expect(weighed.statusCode, weighed.body).toBe(200);
    // Defect 3: the net is the indicator's, never the truck's tare subtracted a second time.
    expect(weighed.json<Ticket>().weight).toBe(24_020);
    expect((await events(ticket.id)).find((e) => e.type === 'TicketWeighedNet')?.data).toMatchObject({
      scaleWeight: 38_020,
      tareWeight: 14_000,
      weight: 24_020,
    });
  });
});
