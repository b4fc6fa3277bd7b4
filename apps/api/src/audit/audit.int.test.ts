import { injector, runToEnd, useTestPortal } from '@portal/api/test/portal';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal({ standardUser: true });
const call = injector(() => ctx.portal);

const eventCount = async () =>
  Number((await ctx.portal.infra.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]?.n);

describe('GET /api/audit/verify', () => {
  it("answers an administrator that every one of the portal's events links to the one before it", async () => {
    const response = await call('GET', '/api/audit/verify', ctx.admin);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, checkedEvents: await eventCount(), firstBreak: null });
  });

  it('with Prefer: respond-async, answers 202 with a run whose progress counts the events and whose result is the same answer', async () => {
    const events = await eventCount();
    const run = await runToEnd(ctx.portal, ctx.admin, { method: 'GET', url: '/api/audit/verify' });

    expect(run).toMatchObject({
      kind: 'verify-chains',
      state: 'completed',
      total: events,
      done: events,
      result: { ok: true, checkedEvents: events, firstBreak: null },
    });
  });

  it('refuses a standard user', async () => {
    for (const prefer of [{}, { prefer: 'respond-async' }] as Record<string, string>[]) {
      const response = await call('GET', '/api/audit/verify', { ...ctx.standard, ...prefer });

      expect(response.statusCode).toBe(403);
    }
  });

  it('names the event an edit in PostgreSQL broke', async () => {
    const { pool } = ctx.portal.infra;
    const { rows } = await pool.query<{ stream_id: string; stream_version: number; recorded_at: Date }>(
      'SELECT stream_id, stream_version, recorded_at FROM events ORDER BY global_position DESC LIMIT 1',
    );
    const edited = rows[0] as (typeof rows)[number];
    await pool.query(
      `ALTER TABLE events DISABLE TRIGGER events_append_only;
       UPDATE events SET metadata = metadata || '{"userId": 99}'
         WHERE stream_id = '${edited.stream_id}' AND stream_version = ${edited.stream_version};
       ALTER TABLE events ENABLE TRIGGER events_append_only;`,
    );

    const response = await call('GET', '/api/audit/verify', ctx.admin);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ok: false,
      firstBreak: {
        streamId: edited.stream_id,
        position: edited.stream_version,
        reason: 'content-changed',
        recordedAt: edited.recorded_at.toISOString(),
      },
    });
  });
});
