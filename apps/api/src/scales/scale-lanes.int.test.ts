import { injector, useTestPortal } from '@portal/api/test/portal';
import { bridgeReading, scaleWithKey, sendBridgeReport } from '@portal/api/test/scale-kit';
import type { BridgeReport, LiveScale } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });
const call = injector(() => ctx.portal);

const newScale = (scaleName: string) => scaleWithKey(ctx.portal, ctx.admin, scaleName);
const report = async (key: string, body: BridgeReport) =>
  expect(await sendBridgeReport(ctx.portal, key, body)).toBe(204);

/** A view without its age, which moves on between two calls. */
const withoutAge = ({ readingAgeMs: _age, ...view }: LiveScale) => view;

describe('GET /api/scale/live (the Scale page lanes)', () => {
  it('answers every scale at once as GET /api/scale/{id} answers each: ok, in motion, in error, never reported', async () => {
    const north = await newScale('North lane');
    const south = await newScale('South lane');
    const east = await newScale('East lane');
    const west = await newScale('West lane');
    await report(north.key, bridgeReading(24_300, true));
    await report(south.key, bridgeReading(9_120, false));
    const faultSince = new Date(Date.now() - 5000).toISOString();
    await report(east.key, { status: 'error', statusSince: faultSince, reading: null });

    const lanes = await call('GET', '/api/scale/live', ctx.standard);
    expect(lanes.statusCode, lanes.body).toBe(200);
    const views = lanes.json<LiveScale[]>();
    // In the order of GET /api/scale/all: by name.
    expect(views.map((view) => view.scaleName)).toEqual([
      'East lane',
      'North lane',
      'South lane',
      'West lane',
    ]);
    const [error, ok, motion, never] = views;
    expect(ok).toMatchObject({
      currentWeight: 24_300,
      stable: true,
      status: 'ok',
      range: 'ok',
      mode: 'gross',
    });
    expect(ok?.readingAgeMs).toBeGreaterThanOrEqual(0);
    expect(motion).toMatchObject({ currentWeight: 9_120, stable: false, status: 'motion' });
    expect(error).toMatchObject({ currentWeight: null, status: 'error', statusSince: faultSince });
    expect(never).toMatchObject({ currentWeight: null, status: 'disconnected', statusSince: null });

    for (const view of views) {
      const single = (await call('GET', `/api/scale/${view.id}`, ctx.standard)).json<LiveScale>();
      expect(withoutAge(single)).toEqual(withoutAge(view));
    }
    expect(west.scale.id).toBe(never?.id);
  });

  it('is for signed-in staff only', async () => {
    expect((await call('GET', '/api/scale/live', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/scale/alerts', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/scale/alerts', ctx.standard)).json()).toEqual([]);
  });
});
