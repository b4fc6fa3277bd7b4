import { randomUUID } from 'node:crypto';
import type { BridgeReport, ScaleReading } from '@portal/contract';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@portal/event-store/test/test-servers';
import { createReadModelDb } from '@portal/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateWriteSide } from '../write-side/write-side-migrations';
import { createLiveScales, type LiveScales } from './live-scales';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
  await migrateWriteSide(createReadModelDb(pool));
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const report: BridgeReport = {
  status: 'ok',
  statusSince: '2026-11-23T08:00:00.000Z',
  reading: {
    weightKg: 12_345.6,
    mode: 'net',
    stable: true,
    range: 'ok',
    rawFrame: '02',
    readAt: '2026-11-23T08:00:01.000Z',
  },
};

// Both places every API process can see: PostgreSQL without REDIS_URL, Redis with it.
describe.each([
  ['PostgreSQL', () => createLiveScales({ redisUrl: null, queuePrefix: 'unused' }, pool)],
  ['Redis', () => createLiveScales({ redisUrl: testRedisUrl, queuePrefix: `live-${randomUUID()}` }, pool)],
])('live scales on %s', (_name, create) => {
  let liveScales: LiveScales;
  beforeAll(() => {
    liveScales = create();
  });
  afterAll(() => liveScales?.close());

  it('keeps the latest report and the weighing user per scale, and forgets a scale', async () => {
    const noWeighing = { weighingByUserId: null, weighingSince: null };
    // A scale never heard of: no report, nobody weighing, no zero taken, no second bridge.
    expect(await liveScales.find(1)).toEqual({
      ...noWeighing,
      report: null,
      reportedAt: null,
      zeroedSinceWeighing: false,
      secondBridgeAt: null,
      refusedAt: null,
      refusedMessage: null,
    });
    const at = new Date('2026-11-23T08:00:02.000Z');
    await liveScales.saveReport(1, { ...report, status: 'motion' }, new Date(at.getTime() - 500));
    await liveScales.saveReport(1, report, at);
    await liveScales.setWeighing(1, 7, at);
    await liveScales.saveReport(
      2,
      { status: 'disconnected', statusSince: at.toISOString(), reading: null },
      at,
    );
    expect(await liveScales.find(1)).toEqual({
      report,
      reportedAt: at,
      weighingByUserId: 7,
      weighingSince: at,
      zeroedSinceWeighing: false,
      secondBridgeAt: null,
      refusedAt: null,
      refusedMessage: null,
    });
    expect((await liveScales.find(2)).report?.status).toBe('disconnected');
    // A refused report is noted beside the last one taken, which stays the live one.
    await liveScales.saveRefusal(1, 'Off the clock.', at);
    expect(await liveScales.find(1)).toMatchObject({
      report,
      refusedAt: at,
      refusedMessage: 'Off the clock.',
    });
    await liveScales.setWeighing(1, null, at);
    expect(await liveScales.find(1)).toMatchObject({ report, ...noWeighing });
    await liveScales.forget(1);
    expect((await liveScales.find(1)).report).toBeNull();
  });

  it('notes two bridges when reports from two bridge ids come within 5 s, not a bridge restarted later', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const at = (ms: number) => new Date(Date.parse('2026-11-23T08:00:00.000Z') + ms);
    expect(await liveScales.saveReport(4, { ...report, bridgeId: first }, at(0))).toEqual({
      secondBridge: false,
    });
    expect(await liveScales.saveReport(4, { ...report, bridgeId: first }, at(200))).toEqual({
      secondBridge: false,
    });
    // Restarted: a new id 6 s after the last report is the same bridge, not a second one.
    expect(await liveScales.saveReport(4, { ...report, bridgeId: second }, at(6_200))).toEqual({
      secondBridge: false,
    });
    expect((await liveScales.find(4)).secondBridgeAt).toBeNull();
    // Two at once: their reports alternate.
    expect(await liveScales.saveReport(4, { ...report, bridgeId: first }, at(6_400))).toEqual({
      secondBridge: true,
    });
    expect((await liveScales.find(4)).secondBridgeAt).toEqual(at(6_400));
    expect(await liveScales.saveReport(4, { ...report, bridgeId: first }, at(6_600))).toEqual({
      secondBridge: false,
    });
    expect((await liveScales.find(4)).secondBridgeAt).toEqual(at(6_400));
  });

  it('notes a return to zero (within half a division) until a weighing is taken from the scale', async () => {
    const at = new Date('2026-11-23T08:00:02.000Z');
    const weighing = (weightKg: number): BridgeReport => ({
      ...report,
      reading: { ...(report.reading as ScaleReading), weightKg, divisionKg: 20 },
    });
    await liveScales.saveReport(3, weighing(12_000), at);
    expect((await liveScales.find(3)).zeroedSinceWeighing).toBe(false);
    await liveScales.saveReport(3, weighing(-10), at);
    await liveScales.saveReport(3, weighing(12_000), at);
    expect((await liveScales.find(3)).zeroedSinceWeighing).toBe(true);
    expect(await liveScales.takeZero(3)).toBe(true);
    expect(await liveScales.takeZero(3)).toBe(false);
    await liveScales.saveReport(3, weighing(11_000), at);
    expect((await liveScales.find(3)).zeroedSinceWeighing).toBe(false);
    await liveScales.giveZeroBack(3);
    expect(await liveScales.takeZero(3)).toBe(true);
    await liveScales.saveReport(3, weighing(20), at);
    expect((await liveScales.find(3)).zeroedSinceWeighing).toBe(false);
  });
});
