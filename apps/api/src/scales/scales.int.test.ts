import { bridgeReading, tareOnScale } from '@portal/api/test/scale-kit';
import { expectInvalid, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { BridgeReport, LiveScale, Scale, ScaleReading, Ticket } from '@portal/contract';
import { displayTicketNumber, scaleMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const kit = useTicketPortal({ standardUser: true });

let scaleSerial = 0;
async function newScale(): Promise<Scale> {
  scaleSerial += 1;
  const response = await kit.call('POST', '/api/scale/new', { scaleName: `Bridge ${scaleSerial}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Scale>();
}

async function issueKey(scaleId: number): Promise<{ key: string; bridgeKey: { id: string } }> {
  const response = await kit.call('POST', `/api/scale/${scaleId}/key`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A new scale and a bridge key issued for it. */
async function keyedScale() {
  const scale = await newScale();
  return { scale, ...(await issueKey(scale.id)) };
}

/** A reading whose status began a second ago, with a whole frame and no division unless `fields` give one. */
const reading = (weightKg: number, stable = true, fields: Partial<ScaleReading> = {}): BridgeReport =>
  bridgeReading(
    weightKg,
    stable,
    { rawFrame: '0234302030343332313030313530303030', divisionKg: undefined, ...fields },
    1000,
  );

/** A weigh-in or tare refused from the scale: 409, the reason on the scale field, nothing written. */
function expectRefused(response: { statusCode: number; json<T>(): T; body: string }, reason: string): void {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toEqual({ message: reason, errors: { scaleId: reason } });
}

const report = (key: string, body: BridgeReport) =>
  kit.call('PUT', '/api/scale/bridge/report', body, { authorization: `Bridge ${key}` });

/** The deck reads zero: the previous truck has left, and the next may be weighed. */
const emptyDeck = async (key: string) => expect((await report(key, reading(0))).statusCode).toBe(204);

async function liveScale(scaleId: number): Promise<LiveScale> {
  const response = await kit.call('GET', `/api/scale/${scaleId}`, undefined, kit.standard);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveScale>();
}

describe('scales as reference data', () => {
  it('administrators add, rename and delete scales; everyone lists them', async () => {
    expectInvalid(await kit.call('POST', '/api/scale/new', { scaleName: '  ' }), {
      scaleName: 'Scale name is required',
    });
    const scale = await newScale();
    const renamed = await kit.call('PUT', '/api/scale/edit', { ...scale, scaleName: 'North bridge' });
    expect(renamed.json()).toMatchObject({ id: scale.id, scaleName: 'North bridge' });
    const listed = await kit.call('GET', '/api/scale/all', undefined, kit.standard);
    expect(listed.json<Scale[]>().map((s) => s.scaleName)).toContain('North bridge');
    expect((await kit.call('POST', '/api/scale/new', { scaleName: 'X' }, kit.standard)).statusCode).toBe(403);
    expect((await kit.call('POST', `/api/scale/${scale.id}/key`, undefined, kit.standard)).statusCode).toBe(
      403,
    );
    const { key } = await issueKey(scale.id);
    expect((await kit.call('DELETE', `/api/scale/${scale.id}`)).statusCode).toBe(204);
    expect((await report(key, reading(1000))).statusCode).toBe(401);
    expect((await kit.call('GET', `/api/scale/${scale.id}`)).statusCode).toBe(404);
  });
});

describe("a scale's capacity (issue 34, item 3)", () => {
  it('is given on its record, kept by a save that leaves it out, and bounds the weights set by hand on it', async () => {
    for (const capacityKg of [0, 1.5, 1_000_001, 'heavy']) {
      expectInvalid(await kit.call('POST', '/api/scale/new', { scaleName: 'Rated', capacityKg }), {
        capacityKg: scaleMessages.capacityInvalid,
      });
    }
    const created = await kit.call('POST', '/api/scale/new', { scaleName: 'Rated 60 t', capacityKg: 60_000 });
    expect(created.statusCode, created.body).toBe(200);
    const scale = created.json<Scale>();
    expect(scale).toMatchObject({
      capacityKg: 60_000,
      minimumWeightDivisions: 20,
      returnToZeroRequired: true,
    });
    // The spec's Scale {id, scaleName}: a rename keeps the capacity and the rules.
    const renamed = await kit.call('PUT', '/api/scale/edit', {
      id: scale.id,
      version: scale.version,
      scaleName: 'Rated',
    });
    expect(renamed.json()).toMatchObject({ scaleName: 'Rated', capacityKg: 60_000 });
    expect(await liveScale(scale.id)).toMatchObject({ capacityKg: 60_000 });

    const material = await kit.material(`Sand ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(10_000);
    const byHand = (weight: number) =>
      kit.call('PUT', '/api/ticket/weigh', {
        ticketId: ticket.id,
        materialId: material.id,
        weight,
        scaleId: scale.id,
        manual: true,
        manualReason: 'Display failed',
      });
    expectInvalid(await byHand(60_001), { weight: 'Weight must be more than 0 KG and at most 60000 KG' });
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: false, weight: null });
    const weighed = await byHand(60_000);
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>().weight).toBe(50_000);
  });
});

describe('the bridge and the live weight', () => {
  it('shows a new scale as disconnected with no weight until its bridge reports', async () => {
    const scale = await newScale();
    expect(await liveScale(scale.id)).toMatchObject({
      scaleName: scale.scaleName,
      currentWeight: null,
      unit: 'KG',
      stable: false,
      status: 'disconnected',
      weighing: false,
    });
  });

  it('a bridge key reports for its own scale only; GET /api/scale/{id} shows the latest reading', async () => {
    const [north, south] = [await newScale(), await newScale()];
    const { key, bridgeKey } = await issueKey(north.id);
    expect(key).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
    expect((await report(key, reading(23_456.5, false))).statusCode).toBe(204);
    expect(await liveScale(north.id)).toMatchObject({
      currentWeight: 23_456.5,
      stable: false,
      status: 'motion',
    });
    const settled = reading(23_460);
    expect((await report(key, settled)).statusCode).toBe(204);
    expect(await liveScale(north.id)).toMatchObject({
      currentWeight: 23_460,
      stable: true,
      status: 'ok',
      mode: 'gross',
      range: 'ok',
      readingAt: settled.reading?.readAt,
      statusSince: settled.statusSince,
    });
    expect((await liveScale(south.id)).currentWeight).toBeNull();
    // The key list never holds the key or its hash.
    const keys = await kit.call('GET', `/api/scale/${north.id}/keys`);
    expect(keys.json()).toEqual([
      expect.objectContaining({
        id: bridgeKey.id,
        scaleId: north.id,
        revokedAt: null,
        lastUsedAt: expect.any(String),
      }),
    ]);
    expect(keys.body).not.toContain(key);
    expect(keys.body).not.toContain(key.slice(4));
  });

  it('refuses a report without a key, with a user token, with an unknown or revoked key, and a malformed one', async () => {
    const { scale, key, bridgeKey } = await keyedScale();
    const message = { message: 'The scale bridge key is missing, unknown or revoked.' };
    for (const headers of [
      {},
      kit.admin,
      { authorization: `Bridge ${key}x` },
      { authorization: `Bearer ${key}` },
      { authorization: 'Bridge sbk_' },
    ]) {
      const response = await kit.call('PUT', '/api/scale/bridge/report', reading(500), headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual(message);
    }
    expect((await report(key, { ...reading(500), status: 'sleeping' as never })).statusCode).toBe(400);
    expect((await report(key, reading(500))).statusCode).toBe(204);
    const revoked = await kit.call('POST', `/api/scale/${scale.id}/key/${bridgeKey.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await report(key, reading(600))).statusCode).toBe(401);
    expect((await liveScale(scale.id)).currentWeight).toBe(500);
    expect(
      (await kit.call('POST', `/api/scale/${scale.id}/key/${crypto.randomUUID()}/revoke`)).statusCode,
    ).toBe(404);
  });

  it("weighing starts and stops on a scale; 'Scale is required' without one", async () => {
    const scale = await newScale();
    for (const body of [{}, { scaleId: 0 }, { scaleId: null }, { scaleId: -3 }]) {
      expectInvalid(await kit.call('POST', '/api/scale/weigh/start', body, kit.standard), {
        scaleId: 'Scale is required',
      });
    }
    expect((await kit.call('POST', '/api/scale/weigh/start', { scaleId: 999_999 })).statusCode).toBe(404);
    const started = await kit.call('POST', '/api/scale/weigh/start', { scaleId: scale.id }, kit.standard);
    expect(started.json()).toMatchObject({ id: scale.id, weighing: true, weighingSince: expect.any(String) });
    const stopped = await kit.call('POST', '/api/scale/weigh/stop', { scaleId: scale.id }, kit.standard);
    expect(stopped.json()).toMatchObject({ weighing: false, weighingSince: null });
  });
});

describe('weighing in and taring from the scale', () => {
  it("weighs in with the scale's stable reading and records its provenance in the ticket's event", async () => {
    const { scale, key } = await keyedScale();
    const material = await kit.material(`Fill ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(14_500);
    await emptyDeck(key);
    await report(key, reading(40_000.4, false));
    const body = { ticketId: ticket.id, materialId: material.id, weight: 1, scaleId: scale.id };
    expectRefused(await kit.call('PUT', '/api/ticket/weigh', body, kit.standard), scaleMessages.notStable);
    const stable = reading(40_000.4);
    await report(key, stable);
    const weighed = await kit.call('PUT', '/api/ticket/weigh', body, kit.standard);
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>()).toMatchObject({
      weight: 25_500.4,
      isReceived: true,
      materialId: material.id,
    });
    const history = await kit.call('GET', `/api/ticket/${ticket.id}/history`);
    const event = history
      .json<{ type: string; data: Record<string, unknown> }[]>()
      .find((e) => e.type === 'TicketWeighed');
    expect(event?.data).toMatchObject({
      scaleWeight: 40_000.4,
      tareWeight: 14_500,
      weight: 25_500.4,
      source: {
        scaleId: scale.id,
        manual: false,
        stable: true,
        rawFrame: stable.reading?.rawFrame,
        readingAt: stable.reading?.readAt,
      },
    });
  });

  // Issue 29, defects 1, 2, 3 and 5: the indicator's word is final, and only a legal reading is weighed.
  it('refuses a reading in motion, over or under range, in net mode or too old with 409 and the reason; nothing is written', async () => {
    const { scale, key } = await keyedScale();
    const material = await kit.material(`Till ${crypto.randomUUID().slice(0, 8)}`);
    const { truck, ticket } = await kit.truckTicket(14_000);
    const illegal: [string, BridgeReport][] = [
      [scaleMessages.notStable, reading(25_360, false)],
      [scaleMessages.overRange, reading(62_000, true, { range: 'over' })],
      [scaleMessages.underRange, reading(-40, true, { range: 'under' })],
      [scaleMessages.netMode, reading(24_020, true, { mode: 'net' })],
    ];
    // A frame 1.5 s old when the bridge sent it (both on the bridge's clock, 5 s off the API's: within
    // bridgeClockSkewMs, so the report is taken and the frame's age measured on the bridge's clock).
    const bridgeClock = Date.now() - 5_000;
    const stale: BridgeReport = {
      ...reading(38_020, true, { readAt: new Date(bridgeClock - 1500).toISOString() }),
      sentAt: new Date(bridgeClock).toISOString(),
    };
    for (const [reason, sent] of illegal) {
      expect((await report(key, sent)).statusCode).toBe(204);
      expect((await liveScale(scale.id)).notWeighableBecause).toBe(reason);
      const body = { ticketId: ticket.id, materialId: material.id, weight: 1, scaleId: scale.id };
      expectRefused(await kit.call('PUT', '/api/ticket/weigh', body, kit.standard), reason);
      expectRefused(
        await kit.call('POST', '/api/truck/tare/weight', { truckId: truck.id, scaleId: scale.id }),
        reason,
      );
    }
    expect((await report(key, stale)).statusCode).toBe(204);
    const view = await liveScale(scale.id);
    expect(view.readingAgeMs).toBeGreaterThanOrEqual(1500);
    expect(view.notWeighableBecause).toMatch(/^The scale's reading is 1\.\d s old/);
    const staleWeigh = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      scaleId: scale.id,
    });
    expect(staleWeigh.statusCode, staleWeigh.body).toBe(409);
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: false, weight: null, materialId: null });
    expect((await kit.call('GET', `/api/truck/${truck.id}`)).json()).toMatchObject({ tareWeight: 14_000 });
    const history = await kit.call('GET', `/api/ticket/${ticket.id}/history`);
    expect(history.json<{ type: string }[]>().map((event) => event.type)).not.toContain('TicketWeighed');

    // The same scale, stable, in range, gross and fresh: weighed.
    await emptyDeck(key);
    expect((await report(key, reading(38_020))).statusCode).toBe(204);
    const weighed = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      scaleId: scale.id,
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>().weight).toBe(24_020);
  });

  it("weighs the weight the operator saw: a reading that moved on since is refused, 'The weight changed: weigh again'", async () => {
    const { scale, key } = await keyedScale();
    const material = await kit.material(`Silt ${crypto.randomUUID().slice(0, 8)}`);
    const { truck, ticket } = await kit.truckTicket(14_000);
    await emptyDeck(key);
    await report(key, reading(38_040));
    const body = { ticketId: ticket.id, materialId: material.id, scaleId: scale.id };
    // The screen showed 38 020 a moment ago; the scale says 38 040 now.
    expectRefused(
      await kit.call('PUT', '/api/ticket/weigh', { ...body, displayedWeight: 38_020 }, kit.standard),
      scaleMessages.weightChanged,
    );
    expectRefused(
      await kit.call('POST', '/api/truck/tare/weight', {
        truckId: truck.id,
        scaleId: scale.id,
        displayedWeight: 38_020,
      }),
      scaleMessages.weightChanged,
    );
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: false, weight: null });
    const weighed = await kit.call(
      'PUT',
      '/api/ticket/weigh',
      { ...body, displayedWeight: 38_040 },
      kit.standard,
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>().weight).toBe(24_040);
  });

  it('weighs the next truck only after the deck read zero, and never below 20 divisions', async () => {
    const { scale, key } = await keyedScale();
    const [first, second] = [await kit.truckTicket(null), await kit.truckTicket(null)];
    const tare = (truckId: number) =>
      kit.call('POST', '/api/truck/tare/weight', { truckId, scaleId: scale.id }, kit.standard);
    // A scale never seen at zero (the portal just started, a truck already on the deck) is not trusted.
    await report(key, reading(14_000));
    expectRefused(await tare(first.truck.id), scaleMessages.notZeroed);
    await emptyDeck(key);
    await report(key, reading(14_000));
    expect((await tare(first.truck.id)).statusCode).toBe(200);
    // The second truck drives on as the first leaves: the deck never read zero in between.
    await report(key, reading(13_500));
    expect((await liveScale(scale.id)).zeroedSinceWeighing).toBe(false);
    expectRefused(await tare(second.truck.id), scaleMessages.notZeroed);
    await emptyDeck(key);
    await report(key, reading(13_500));
    expect((await tare(second.truck.id)).statusCode).toBe(200);
    // 150 kg on a scale of 10 kg divisions: below its minimum of 200 kg.
    await emptyDeck(key);
    await report(key, reading(150, true, { divisionKg: 10 }));
    expectRefused(await tare(second.truck.id), scaleMessages.belowMinimum(200, 20));
    expect((await kit.call('GET', `/api/truck/${second.truck.id}`)).json()).toMatchObject({
      tareWeight: 13_500,
    });
  });

  it("applies the scale's own rules: its minimum weight in divisions, and a return to zero only where required", async () => {
    expectInvalid(
      await kit.call('POST', '/api/scale/new', { scaleName: 'Lenient', minimumWeightDivisions: 2.5 }),
      { minimumWeightDivisions: scaleMessages.minimumInvalid },
    );
    const created = await kit.call('POST', '/api/scale/new', {
      scaleName: `Lenient ${crypto.randomUUID().slice(0, 8)}`,
      minimumWeightDivisions: 5,
      returnToZeroRequired: false,
    });
    expect(created.json()).toMatchObject({ minimumWeightDivisions: 5, returnToZeroRequired: false });
    const scale = created.json<Scale>();
    // A scale saved without the rules has the defaults.
    expect(await newScale()).toMatchObject({ minimumWeightDivisions: 20, returnToZeroRequired: true });
    const { key } = await issueKey(scale.id);
    const [first, second] = [await kit.truckTicket(null), await kit.truckTicket(null)];
    const tare = (truckId: number) =>
      kit.call('POST', '/api/truck/tare/weight', { truckId, scaleId: scale.id }, kit.standard);
    await report(key, reading(14_000, true, { divisionKg: 20 }));
    expect((await tare(first.truck.id)).statusCode).toBe(200);
    // No return to zero between the two trucks, and none is required on this scale.
    await report(key, reading(13_500, true, { divisionKg: 20 }));
    expect((await tare(second.truck.id)).statusCode).toBe(200);
    await report(key, reading(90, true, { divisionKg: 20 }));
    expectRefused(await tare(second.truck.id), scaleMessages.belowMinimum(100, 5));
    const saved = await kit.call('PUT', '/api/scale/edit', { ...scale, minimumWeightDivisions: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await liveScale(scale.id)).notWeighableBecause).toBeNull();
  });

  it('a burst of weigh-ins on one scale after one return to zero records exactly one truck', async () => {
    const { scale, key } = await keyedScale();
    const material = await kit.material(`Burst ${crypto.randomUUID().slice(0, 8)}`);
    const loads = await Promise.all(Array.from({ length: 8 }, () => kit.truckTicket(10_000)));
    await emptyDeck(key);
    await report(key, reading(30_000));
    const answers = await Promise.all(
      loads.map(({ ticket }) =>
        kit.call('PUT', '/api/ticket/weigh', {
          ticketId: ticket.id,
          materialId: material.id,
          scaleId: scale.id,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json<{ message: string }>().message).toBe(scaleMessages.notZeroed);
    const weighed = await Promise.all(loads.map(({ ticket }) => kit.get(ticket.id)));
    expect(weighed.filter((ticket) => ticket.isReceived)).toHaveLength(1);
  });

  it('a weigh-in refused for another reason keeps the return to zero for the next try', async () => {
    const { scale, key } = await keyedScale();
    const material = await kit.material(`Retry ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(40_000);
    await emptyDeck(key);
    await report(key, reading(30_000));
    // Net 30 000 − 40 000: refused by the ticket's own rule, after the scale's checks passed.
    const refused = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      scaleId: scale.id,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await liveScale(scale.id)).zeroedSinceWeighing).toBe(true);
  });

  it('refuses hostile reports and weighing bodies with 400, and an encoded path with 404; nothing changes', async () => {
    const { scale, key } = await keyedScale();
    const { truck } = await kit.truckTicket(12_000);
    await emptyDeck(key);
    await report(key, reading(14_000));
    for (const hostile of [
      { ...reading(90_000), bridgeId: 'not-a-uuid' },
      { ...reading(90_000), sentAt: 'yesterday' },
      reading(90_000, true, { divisionKg: -10 }),
      reading(90_000, true, { readAt: "'; DROP TABLE scale_live; --" }),
    ]) {
      const answer = await report(key, hostile as BridgeReport);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    for (const displayedWeight of ['14000', '1e400', { kg: 14_000 }]) {
      const answer = await kit.call('POST', '/api/truck/tare/weight', {
        truckId: truck.id,
        scaleId: scale.id,
        displayedWeight,
      });
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const encoded = await kit.call('PUT', '/api/scale/bridge%2Freport', reading(90_000), {
      authorization: `Bridge ${key}`,
    });
    expect(encoded.statusCode).toBe(404);
    expect(await liveScale(scale.id)).toMatchObject({ currentWeight: 14_000, zeroedSinceWeighing: true });
    expect((await kit.call('GET', `/api/truck/${truck.id}`)).json()).toMatchObject({ tareWeight: 12_000 });
  });

  it("two bridges reporting with one scale's key: its readings are refused, and the portal says why", async () => {
    const { scale, key } = await keyedScale();
    const { truck } = await kit.truckTicket(null);
    const [one, other] = [crypto.randomUUID(), crypto.randomUUID()];
    await emptyDeck(key);
    expect((await report(key, { ...reading(14_000), bridgeId: one })).statusCode).toBe(204);
    expect((await liveScale(scale.id)).notWeighableBecause).toBeNull();
    expect((await report(key, { ...reading(0), bridgeId: other })).statusCode).toBe(204);
    expect((await report(key, { ...reading(14_000), bridgeId: one })).statusCode).toBe(204);
    const view = await liveScale(scale.id);
    expect(view.twoBridgesSince).not.toBeNull();
    expect(view.notWeighableBecause).toBe(scaleMessages.twoBridges);
    expectRefused(
      await kit.call('POST', '/api/truck/tare/weight', { truckId: truck.id, scaleId: scale.id }),
      scaleMessages.twoBridges,
    );
  });

  it('a bridge silent for 1.5 s leaves no weight to weigh: its last reading is never taken (defect 5)', async () => {
    const { scale, key } = await keyedScale();
    const { truck } = await kit.truckTicket(null);
    await emptyDeck(key);
    expect((await report(key, reading(31_000))).statusCode).toBe(204);
    expect((await liveScale(scale.id)).notWeighableBecause).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await liveScale(scale.id)).toMatchObject({
      status: 'disconnected',
      currentWeight: null,
      notWeighableBecause: scaleMessages.noReading,
    });
    expectRefused(
      await kit.call('POST', '/api/truck/tare/weight', { truckId: truck.id, scaleId: scale.id }),
      scaleMessages.noReading,
    );
  });

  it('records a hand-typed weight as manual, and the spec body (no scale) as manual too', async () => {
    const scale = await newScale();
    const material = await kit.material(`Clay ${crypto.randomUUID().slice(0, 8)}`);
    const [typed, specClient] = [await kit.truckTicket(10_000), await kit.truckTicket(10_000)];
    const manual = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: typed.ticket.id,
      materialId: material.id,
      weight: 30_000,
      scaleId: scale.id,
      manual: true,
    });
    expect(manual.json<Ticket>().weight).toBe(20_000);
    const spec = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: specClient.ticket.id,
      materialId: material.id,
      weight: 25_000,
      loggedInUserId: 1,
    });
    expect(spec.json<Ticket>().weight).toBe(15_000);
    for (const [ticketId, scaleId] of [
      [typed.ticket.id, scale.id],
      [specClient.ticket.id, null],
    ] as const) {
      const history = await kit.call('GET', `/api/ticket/${ticketId}/history`);
      const event = history
        .json<{ type: string; data: { source: unknown } }[]>()
        .find((e) => e.type === 'TicketWeighed');
      expect(event?.data.source).toEqual({
        scaleId,
        manual: true,
        stable: null,
        rawFrame: null,
        readingAt: null,
      });
    }
  });

  it('refuses a scale with no reading, a net weight of 0 or less, and no ticket; nothing is saved', async () => {
    const scale = await newScale();
    const material = await kit.material(`Sand ${crypto.randomUUID().slice(0, 8)}`);
    const { ticket } = await kit.truckTicket(15_000);
    expectRefused(
      await kit.call('PUT', '/api/ticket/weigh', {
        ticketId: ticket.id,
        materialId: material.id,
        scaleId: scale.id,
      }),
      scaleMessages.noReading,
    );
    expectInvalid(
      await kit.call('PUT', '/api/ticket/weigh', {
        ticketId: ticket.id,
        materialId: material.id,
        weight: 15_000,
      }),
      { weight: 'The net weight would be 0 KG: the scale weight must be more than the tare weight.' },
    );
    expectInvalid(
      await kit.call('PUT', '/api/ticket/weigh', { ticketId: 0, materialId: material.id, weight: 1 }),
      {
        ticketId: 'No ticket selected.',
      },
    );
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: false, weight: null, materialId: null });
  });

  it("tares a truck alone: 'Tare weight set to {n} for {truck}'", async () => {
    const { scale, key } = await keyedScale();
    const { truck } = await kit.truckTicket(null);
    await emptyDeck(key);
    await report(key, reading(14_250.5));
    const tared = await tareOnScale(kit.portal, kit.standard, truck.id, scale.id);
    expect(tared).toMatchObject({
      truck: { id: truck.id, tareWeight: 14_250.5 },
      ticket: null,
      message: `Tare weight set to 14250.5 for ${truck.number}`,
    });
    expectInvalid(await kit.call('POST', '/api/truck/tare/weight', { scaleWeight: 100 }), {
      truckId: 'No truck selected.',
    });
  });

  it("tares a truck with a ticket: the ticket's weight is its gross less the new tare", async () => {
    const material = await kit.material(`Rock ${crypto.randomUUID().slice(0, 8)}`);
    const { truck, ticket } = await kit.truckTicket(15_000);
    await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      weight: 40_000,
    });
    const tared = await kit.call('POST', '/api/truck/tare/weight', {
      ticketId: ticket.id,
      truckId: truck.id,
      scaleWeight: 14_000,
    });
    expect(tared.statusCode, tared.body).toBe(200);
    expect(tared.json()).toMatchObject({
      truck: { tareWeight: 14_000 },
      ticket: { id: ticket.id, weight: 26_000 },
      message: `Tare weight set to 14000 KG for ${truck.number}, ticket number ${displayTicketNumber(ticket)} weight updated to 26000 KG`,
    });
  });

  it('a refused tare changes neither the truck nor the ticket', async () => {
    const { truck, ticket } = await kit.truckTicket(15_000);
    const neverWeighed = await kit.call('POST', '/api/truck/tare/weight', {
      ticketId: ticket.id,
      truckId: truck.id,
      scaleWeight: 14_000,
    });
    expectInvalid(neverWeighed, {
      ticketId: 'This ticket has not been weighed in yet, so its weight cannot be updated from a tare.',
    });
    const material = await kit.material(`Loam ${crypto.randomUUID().slice(0, 8)}`);
    await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      weight: 20_000,
    });
    expectInvalid(
      await kit.call('POST', '/api/truck/tare/weight', {
        ticketId: ticket.id,
        truckId: truck.id,
        scaleWeight: 20_000,
      }),
      { weight: 'The net weight would be 0 KG: the scale weight must be more than the tare weight.' },
    );
    const truckNow = await kit.call('GET', `/api/truck/${truck.id}`);
    expect(truckNow.json()).toMatchObject({ tareWeight: 15_000, version: truck.version });
    expect((await kit.get(ticket.id)).weight).toBe(5_000);
  });
});
