import {
  currentVersionOf,
  portalEventVersions,
  type StreamRedactions,
  schemaVersionKey,
} from '@portal/domain';
import { redactionEventType, redactStreamEvents, WrongExpectedVersionError } from '@portal/event-store';
import type { CommandHost } from '../plugins/infrastructure';

interface StoredEvent {
  stream_version: number;
  event_type: string;
  data: unknown;
}

export type RedactionOutcome = { redactedEvents: number } | 'changed-meanwhile';

/**
 * One stream's events without their personal data (`redactionsOf` says which and how), and the event vouching
 * for them, in one transaction (docs/retention.md). Nothing to remove: nothing written.
 */
export async function redactStream(
  host: CommandHost,
  streamId: string,
  redactionsOf: StreamRedactions,
  userId: number | null,
): Promise<RedactionOutcome> {
  const { rows } = await host.infra.pool.query<StoredEvent>(
    'SELECT stream_version, event_type, data FROM events WHERE stream_id = $1 ORDER BY stream_version',
    [streamId],
  );
  const redactions = redactionsOf(
    rows.map((row) => ({ version: row.stream_version, type: row.event_type, data: row.data })),
  );
  if (redactions.length === 0) return { redactedEvents: 0 };
  try {
    await redactStreamEvents(host.infra.pool, {
      streamId,
      expectedVersion: rows.at(-1)?.stream_version ?? 0,
      redactions,
      describe: { reason: 'retention' },
      // Appended beside the versioning layer, so it says its version itself (events/event-versions.ts).
      metadata: {
        userId,
        occurredAt: new Date().toISOString(),
        [schemaVersionKey]: currentVersionOf(portalEventVersions, redactionEventType),
      },
    });
  } catch (error) {
    // Edited while it was read: left for the next run, which reads it again.
    if (error instanceof WrongExpectedVersionError) return 'changed-meanwhile';
    throw error;
  }
  return { redactedEvents: redactions.length };
}
