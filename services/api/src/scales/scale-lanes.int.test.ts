import { injector, useTestPortal } from '@portal/api/test/portal';
import type { BridgeReport, LiveScale, Scale } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });
const call = injector(() => ctx.portal);

async function scaleWithKey(scaleName: string): Promise<{ scale: Scale; key: string }> {
  const scale = (await call('POST', '/api/scale/new', ctx.admin, { scaleName })).json<Scale>();
  const { key } = (await call('POST', `/api/scale/${scale.id}/key`, ctx.admin)).json<{ key: string }>();
  return { scale, key };
}

const report = async (key: string, body: BridgeReport) =>
  expect(
    (
      await ctx.portal.app.inject({
        method: 'PUT',
        url: '/api/scale/bridge/report',
        headers: { authorization: `Bridge ${key}` },
        payload: body,
      })
    ).statusCode,
  ).toBe(204);

const readingOf = (weightKg: number, stable: boolean): BridgeReport => ({
  status: stable ? 'ok' : 'motion',
  statusSince: new Date(Date.now() - 3000).toISOString(),
  reading: {
    weightKg,
    mode: 'gross',
    stable,
    range: 'ok',
    rawFrame: '02',
    readAt: new Date().toISOString(),
    divisionKg: 20,
  },
});

/** A view without its age, which moves on between two calls. */
const withoutAge = ({ readingAgeMs: _age, ...view }: LiveScale) => view;

describe('GET /api/scale/live (the Scale page lanes)', () => {
  it('answers every scale at once as GET /api/scale/{id} answers each: ok, in motion, in error, never reported', async () => {
    const north = await scaleWithKey('North lane');
    const south = await scaleWithKey('South lane');
    const east = await scaleWithKey('East lane');
    const west = await scaleWithKey('West lane');
    await report(north.key, readingOf(24_300, true));
    await report(south.key, readingOf(9_120, false));
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
