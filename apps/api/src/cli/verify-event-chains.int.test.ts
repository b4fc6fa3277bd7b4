import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PostgresEventStore } from '@portal/event-store';
import { useTestPool } from '@portal/event-store/test/test-pool';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'verify-event-chains.ts');
const postgres = useTestPool({ max: 2, migrated: true });

beforeAll(async () => {
  const store = new PostgresEventStore({ pool: postgres.pool });
  const metadata = { userId: 1, occurredAt: '2026-11-27T08:00:00.000Z' };
  await store.append('ticket-7', [
    { type: 'TicketGenerated', data: { ticketNumber: 7 }, metadata },
    { type: 'TicketReceived', data: { weight: 21.5 }, metadata },
  ]);
  await store.close();
});

const verify = () =>
  run(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: postgres.database.url, EVENTSTORE_URL: '' },
  });

describe('npm run verify', () => {
  it('prints that every chain holds and exits 0', async () => {
    const { stdout, stderr } = await verify();
    expect(JSON.parse(stdout)).toEqual({ ok: true, checkedEvents: 2, firstBreak: null });
    expect(stderr).toMatch(/Every chain holds: 2 events checked/);
  });

  it('prints the first break and exits 1 once an event was edited in PostgreSQL', async () => {
    await postgres.pool.query(`
      ALTER TABLE events DISABLE TRIGGER events_append_only;
      UPDATE events SET data = '{"weight": 12.5}' WHERE stream_id = 'ticket-7' AND stream_version = 2;
      ALTER TABLE events ENABLE TRIGGER events_append_only;`);

    const failure = await verify().then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(JSON.parse(failure?.stdout ?? '')).toMatchObject({
      ok: false,
      checkedEvents: 1,
      firstBreak: { streamId: 'ticket-7', position: 2, reason: 'content-changed' },
    });
  });
});
