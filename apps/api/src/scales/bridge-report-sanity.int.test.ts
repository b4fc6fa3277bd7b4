import { bridgeReading } from '@portal/api/test/scale-kit';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { BridgeReport, LiveScale, Scale, ScaleReading } from '@portal/contract';
import { describe, expect, it } from 'vitest';

// Issue 32, item 7 (finding I1): a report off the portal's clock or off the scale never becomes the live
// weight, and wrong bridge keys are limited per address.
const kit = useTicketPortal({ standardUser: true });

let serial = 0;
async function keyedScale(capacityKg: number | null): Promise<{ scale: Scale; key: string }> {
  serial += 1;
  const created = await kit.call('POST', '/api/scale/new', { scaleName: `Sane ${serial}`, capacityKg });
  expect(created.statusCode, created.body).toBe(200);
  const scale = created.json<Scale>();
  const issued = await kit.call('POST', `/api/scale/${scale.id}/key`);
  expect(issued.statusCode, issued.body).toBe(201);
  return { scale, key: issued.json<{ key: string }>().key };
}

/** A fresh stable gross reading, its fields overridden. */
const reading = (weightKg: number, fields: Partial<ScaleReading> = {}): BridgeReport => {
  const sent = bridgeReading(weightKg, true);
  return { ...sent, reading: sent.reading && { ...sent.reading, ...fields } };
};

const report = (key: string, body: BridgeReport, remoteAddress = '127.0.0.1') =>
  kit.portal.app.inject({
    method: 'PUT',
    url: '/api/scale/bridge/report',
    headers: { authorization: `Bridge ${key}` },
    payload: body,
    remoteAddress,
  });

async function liveWeight(scaleId: number): Promise<number | null> {
  const response = await kit.call('GET', `/api/scale/${scaleId}`, undefined, kit.standard);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveScale>().currentWeight;
}

async function refusedCount(scaleId: number, reason: string): Promise<number> {
  const { values } = await kit.portal.app.infra.metrics.scaleReportsRefused.get();
  return values.find((v) => v.labels.scale === String(scaleId) && v.labels.reason === reason)?.value ?? 0;
}

describe('bridge reports are sane (issue 32, item 7)', () => {
  it('refuses and counts a reading time more than 10 s off the portal clock; a correct one is the live weight', async () => {
    const { scale, key } = await keyedScale(60_000);
    const taken = await report(key, reading(20_000));
    expect(taken.statusCode, taken.body).toBe(204);
    expect(await liveWeight(scale.id)).toBe(20_000);
    for (const readAt of ['2025-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z']) {
      const refused = await report(key, reading(30_000, { readAt }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/more than 10 s from the portal's clock/);
      expect(await liveWeight(scale.id)).toBe(20_000);
    }
    expect(await refusedCount(scale.id, 'clock')).toBe(2);
    // The Scale page says so beside the live weight: the last refused report, when, and why.
    const shown = (
      await kit.call('GET', `/api/scale/${scale.id}`, undefined, kit.standard)
    ).json<LiveScale>();
    expect(shown.refusedReport?.message).toMatch(/more than 10 s from the portal's clock/);
    expect(Date.now() - Date.parse(shown.refusedReport?.at ?? '')).toBeLessThan(30_000);
  });

  it("refuses and counts a weight that is not finite or off the scale's capacity", async () => {
    const { scale, key } = await keyedScale(60_000);
    expect((await report(key, reading(-40))).statusCode).toBe(204);
    expect(await liveWeight(scale.id)).toBe(-40);
    for (const weightKg of [-5000, 1e308, 60_001]) {
      const refused = await report(key, reading(weightKg));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(
        /outside the scale's range of -1200 to 60000 KG for a gross reading/,
      );
      expect(await liveWeight(scale.id)).toBe(-40);
    }
    expect(await refusedCount(scale.id, 'weight')).toBe(3);
    expect((await report(key, reading(60_000))).statusCode).toBe(204);
    expect(await liveWeight(scale.id)).toBe(60_000);
    // A net reading with the deck empty is minus the tare held.
    expect((await report(key, reading(-15_000, { mode: 'net', tareKg: 15_000 }))).statusCode).toBe(204);
    expect((await report(key, reading(-60_001, { mode: 'net' }))).statusCode).toBe(400);
  });

  it("bounds a scale without a capacity by the site's maximum weight", async () => {
    const { scale, key } = await keyedScale(null);
    expect((await report(key, reading(100_000))).statusCode).toBe(204);
    expect((await report(key, reading(100_001))).statusCode).toBe(400);
    expect((await report(key, reading(-2001))).statusCode).toBe(400);
    expect(await liveWeight(scale.id)).toBe(100_000);
  });

  it('answers 429 to the 21st wrong key from one address while a right key from another still reports', async () => {
    const { scale, key } = await keyedScale(60_000);
    const attacker = '127.0.0.77';
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const wrong = await report(`sbk_wrong${attempt}`, reading(1000), attacker);
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    const locked = await report('sbk_wrong21', reading(1000), attacker);
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(/Too many wrong scale bridge keys/);
    // The lock tells the locked address nothing, not even of a right key.
    expect((await report(key, reading(1000), attacker)).statusCode).toBe(429);
    const right = await report(key, reading(2000), '127.0.0.78');
    expect(right.statusCode, right.body).toBe(204);
    expect(await liveWeight(scale.id)).toBe(2000);
  });

  it('counts only wrong keys: a bridge reporting often from one address is never limited', async () => {
    const { key } = await keyedScale(60_000);
    for (let sent = 0; sent < 30; sent += 1)
      expect((await report(key, reading(1000), '127.0.0.79')).statusCode).toBe(204);
  });
});
