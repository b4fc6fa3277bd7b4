import { comparePositions, type GlobalPosition, type RecordedEvent } from '../event-store';

// Not cast to text: ORDER BY a bare name picks the output column, so `x::text` would sort as text.
const eventColumns =
  'global_position, transaction_id, stream_id, stream_version, event_id, event_type, data, metadata, recorded_at';

// Only transactions below the snapshot's xmin are all finished, so nothing can still appear before them.
export const visibleToGlobalReaders = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/** The two reads every command and every projection batch make: named, so each connection parses and plans them once. */
export const readStreamStatement = {
  name: 'portal_read_stream',
  text: `SELECT ${eventColumns} FROM events
    WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
};
export const readAllStatement = {
  name: 'portal_read_all',
  text: `SELECT ${eventColumns} FROM events
    WHERE ${visibleToGlobalReaders} AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
    ORDER BY transaction_id, global_position LIMIT $3`,
};

/** pg returns int8 and xid8 as strings unless someone installs a type parser; BigInt() takes all three. */
export type Int8 = string | number | bigint;

export interface EventRow {
  global_position: Int8;
  transaction_id: Int8;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

export const toPosition = (row: { transaction_id: Int8; global_position: Int8 }): GlobalPosition => ({
  commit: BigInt(row.transaction_id),
  prepare: BigInt(row.global_position),
});

export const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  position: toPosition(row),
  recordedAt: row.recorded_at,
});

export const laterPosition = (a: GlobalPosition | undefined, b: GlobalPosition): GlobalPosition =>
  a && comparePositions(a, b) >= 0 ? a : b;
