import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { eventContentHash } from '../event-chain';
import { type RedactionVoucher, redactionEventType } from '../event-redaction';
import { type EventMetadata, WrongExpectedVersionError } from '../event-store';
import type { ChainRow } from './events-in-stream-order';

/** One event's data as it is to be stored from now on. */
export interface EventRedaction {
  version: number;
  data: unknown;
}

export interface RedactStreamEvents {
  streamId: string;
  /** The stream's version the redactions were decided on: a later append makes the call fail, changing nothing. */
  expectedVersion: number;
  redactions: readonly EventRedaction[];
  /** The vouching event's data besides `redactedEvents` (what was removed, and why). */
  describe: Record<string, unknown>;
  metadata: EventMetadata;
}

type StoredEvent = Pick<
  ChainRow,
  'stream_version' | 'event_id' | 'event_type' | 'data' | 'metadata' | 'content_hash'
>;

/**
 * Replaces the data of some of a stream's events and appends the event that vouches for it (its type
 * `PersonalDataRedacted`, its data `describe` plus `redactedEvents`), in one transaction, so the chain still
 * verifies (docs/event-store.md, "Redaction"). An event whose content no longer hashes as chained is refused:
 * a redaction never vouches for an edit. Returns the vouchers; nothing changes when it throws.
 */
export async function redactStreamEvents(
  pool: pg.Pool,
  { streamId, expectedVersion, redactions, describe, metadata }: RedactStreamEvents,
): Promise<RedactionVoucher[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: head } = await client.query<{ version: number | null }>(
      'SELECT max(stream_version) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    const actual = head[0]?.version ?? 0;
    if (actual !== expectedVersion) throw new WrongExpectedVersionError(streamId, expectedVersion, actual);
    const { rows } = await client.query<StoredEvent>(
      `SELECT stream_version, event_id, event_type, data, metadata, content_hash FROM events
       WHERE stream_id = $1 AND stream_version = ANY($2::int[]) ORDER BY stream_version FOR UPDATE`,
      [streamId, redactions.map((redaction) => redaction.version)],
    );
    const stored = new Map(rows.map((row) => [row.stream_version, row]));
    const vouchers: RedactionVoucher[] = [];
    await client.query(`SET LOCAL portal.redacting = 'on'`);
    for (const { version, data } of redactions) {
      const event = stored.get(version);
      if (!event?.content_hash) throw new Error(`${streamId} has no chained event ${version} to redact`);
      const content = { eventId: event.event_id, type: event.event_type, metadata: event.metadata };
      if (!eventContentHash({ ...content, data: event.data }).equals(event.content_hash))
        throw new Error(`Event ${version} of ${streamId} is not as it was chained: it is not redacted`);
      await client.query('UPDATE events SET data = $3 WHERE stream_id = $1 AND stream_version = $2', [
        streamId,
        version,
        JSON.stringify(data),
      ]);
      vouchers.push({
        version,
        originalContentHash: event.content_hash.toString('hex'),
        redactedContentHash: eventContentHash({ ...content, data }).toString('hex'),
      });
    }
    await client.query(`SET LOCAL portal.redacting = 'off'`);
    const voucher = {
      eventId: randomUUID(),
      type: redactionEventType,
      data: { ...describe, redactedEvents: vouchers },
      metadata,
    };
    const request = {
      streamId,
      expected: String(expectedVersion),
      events: [{ ...voucher, contentHash: eventContentHash(voucher).toString('hex') }],
      checkIds: false,
    };
    const { rows: outcome } = await client.query<{ outcome: string; next_version: number }>(
      'SELECT outcome, next_version FROM append_events($1)',
      [JSON.stringify([request])],
    );
    if (outcome[0]?.outcome !== 'appended')
      throw new WrongExpectedVersionError(streamId, expectedVersion, outcome[0]?.next_version ?? actual);
    await client.query('COMMIT');
    return vouchers;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
