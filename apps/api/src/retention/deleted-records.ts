import { contractorContacts, recordRedactions, redactedRecordDeletions } from '@portal/domain';
import { redactionEventType } from '@portal/event-store';
import type { CommandHost } from '../plugins/infrastructure';
import { type RedactionOutcome, redactStream } from './redact-stream';

/** The events that say which contractor a contact is of. */
const contractorContactSaves = [contractorContacts.eventTypes.created, contractorContacts.eventTypes.updated];

/**
 * The streams of contacts and users deleted before `cutoff` (by the time their deletion was stored) that no
 * redaction followed yet, oldest deletion first, after the deletion at `after` (a global position): at most
 * `limit`. A contractor contact whose contractor is under a legal hold is kept, as that contractor's tickets
 * are. Reads the events table itself: retention runs on the PostgreSQL event store only.
 */
export async function deletedRecordsDue(
  host: CommandHost,
  cutoff: Date,
  limit: number,
  after = '0',
): Promise<{ streamId: string; position: string }[]> {
  const { rows } = await host.infra.pool.query<{ streamId: string; position: string }>(
    `SELECT d.stream_id AS "streamId", d.global_position::text AS position FROM events d
     WHERE d.event_type = ANY($1::text[]) AND d.recorded_at < $2 AND d.global_position > $5::bigint
       AND NOT EXISTS (SELECT 1 FROM events r WHERE r.stream_id = d.stream_id
                       AND r.event_type = $3 AND r.stream_version > d.stream_version)
       AND NOT EXISTS (SELECT 1 FROM events c JOIN legal_holds h
                         ON h.contractor_company_id = (c.data->>'contractorCompanyId')::int
                       WHERE c.stream_id = d.stream_id
                         AND c.event_type = ANY($6::text[]))
     ORDER BY d.global_position LIMIT $4`,
    [redactedRecordDeletions, cutoff, redactionEventType, limit, after, contractorContactSaves],
  );
  return rows;
}

/** A deleted contact's or user's own events without its personal data (recordRedactions). */
export const redactDeletedRecord = (
  host: CommandHost,
  streamId: string,
  userId: number | null,
): Promise<RedactionOutcome> => redactStream(host, streamId, recordRedactions, userId);
