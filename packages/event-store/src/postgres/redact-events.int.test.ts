import { useTestPool } from '@portal/event-store/test/test-pool';
import { beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../event-store';
import { PostgresEventStore } from './postgres-event-store';
import { redactStreamEvents } from './redact-events';
import { streamLinks } from './stream-links';
import { verifyEventChains } from './verify-event-chains';

const postgres = useTestPool({ max: 4, perTest: true, migrated: true });

beforeEach(async () => {
  const store = new PostgresEventStore({ pool: postgres.pool });
  try {
    await store.append('ticket-1', [
      {
        type: 'TicketGenerated',
        data: { ticketId: 1 },
        metadata: { userId: 1, occurredAt: '2019-01-02T08:00:00Z' },
      },
      {
        type: 'TicketEdited',
        data: { ticketId: 1, driver: 'Dave Driver', phone: '(416)555-0100', weight: 25_000 },
        metadata: { userId: 1, occurredAt: '2019-01-02T09:00:00Z' },
      },
    ]);
  } finally {
    await store.close();
  }
});

const redactedEdit = { ticketId: 1, driver: '(removed)', phone: '(removed)', weight: 25_000 };
const redact = (expectedVersion = 2) =>
  redactStreamEvents(postgres.pool, {
    streamId: 'ticket-1',
    expectedVersion,
    redactions: [{ version: 2, data: redactedEdit }],
    describe: { ticketId: 1, reason: 'retention' },
    metadata: { userId: null, occurredAt: '2026-11-28T00:00:00Z' },
  });

const storedData = async () =>
  (
    await postgres.pool.query<{ stream_version: number; event_type: string; data: Record<string, unknown> }>(
      `SELECT stream_version, event_type, data FROM events WHERE stream_id = 'ticket-1' ORDER BY stream_version`,
    )
  ).rows;

describe('sealed redaction', () => {
  it('replaces the data, appends the voucher, and every link still verifies', async () => {
    const [voucher] = await redact();
    const rows = await storedData();
    expect(rows.map((row) => [row.stream_version, row.event_type])).toEqual([
      [1, 'TicketGenerated'],
      [2, 'TicketEdited'],
      [3, 'PersonalDataRedacted'],
    ]);
    expect(rows[1]?.data).toEqual(redactedEdit);
    expect(rows[2]?.data).toEqual({ ticketId: 1, reason: 'retention', redactedEvents: [voucher] });
    expect(voucher?.originalContentHash).not.toBe(voucher?.redactedContentHash);
    expect(await verifyEventChains(postgres.pool)).toEqual({ ok: true, checkedEvents: 3, firstBreak: null });
    expect((await streamLinks(postgres.pool, 'ticket-1')).map((link) => link.link)).toEqual([
      'verified',
      'verified',
      'verified',
    ]);
  });

  it('still finds an edit of a redacted event, and an edit of its voucher', async () => {
    await redact();
    const tamper = (statement: string) =>
      postgres.pool.query(
        `ALTER TABLE events DISABLE TRIGGER events_append_only; ${statement};
         ALTER TABLE events ENABLE TRIGGER events_append_only`,
      );
    await tamper(
      `UPDATE events SET data = jsonb_set(data, '{weight}', '20000') WHERE stream_id = 'ticket-1' AND stream_version = 2`,
    );
    expect((await verifyEventChains(postgres.pool)).firstBreak).toMatchObject({
      position: 2,
      reason: 'content-changed',
    });
    await tamper(
      `UPDATE events SET data = jsonb_set(data, '{weight}', '25000') WHERE stream_id = 'ticket-1' AND stream_version = 2`,
    );
    expect((await verifyEventChains(postgres.pool)).ok).toBe(true);
    await tamper(
      `UPDATE events SET data = jsonb_set(data, '{reason}', '"asked"') WHERE stream_id = 'ticket-1' AND stream_version = 3`,
    );
    expect((await verifyEventChains(postgres.pool)).firstBreak).toMatchObject({
      position: 3,
      reason: 'content-changed',
    });
  });

  it('refuses to vouch for an event edited before its redaction, and changes nothing', async () => {
    await postgres.pool.query(
      `ALTER TABLE events DISABLE TRIGGER events_append_only;
       UPDATE events SET data = jsonb_set(data, '{weight}', '1') WHERE stream_id = 'ticket-1' AND stream_version = 2;
       ALTER TABLE events ENABLE TRIGGER events_append_only`,
    );
    const before = await storedData();
    await expect(redact()).rejects.toThrow('Event 2 of ticket-1 is not as it was chained');
    expect(await storedData()).toEqual(before);
  });

  it('fails on a stream appended to since, and changes nothing', async () => {
    const before = await storedData();
    await expect(redact(1)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await storedData()).toEqual(before);
  });

  it('is the only way past the append-only trigger, and changes data alone', async () => {
    await expect(
      postgres.pool.query(`UPDATE events SET data = '{}' WHERE stream_id = 'ticket-1'`),
    ).rejects.toThrow('events are append-only (UPDATE refused)');
    await expect(
      postgres.pool.query(
        `BEGIN; SET LOCAL portal.redacting = 'on';
         UPDATE events SET event_type = 'Other' WHERE stream_id = 'ticket-1' AND stream_version = 2; COMMIT`,
      ),
    ).rejects.toThrow("a redaction replaces an event's data only");
    await postgres.pool.query('ROLLBACK').catch(() => {});
    expect((await storedData())[1]?.event_type).toBe('TicketEdited');
  });
});
