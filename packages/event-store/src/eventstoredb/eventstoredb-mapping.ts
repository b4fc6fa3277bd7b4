import { createHash, randomUUID } from 'node:crypto';
import {
  ANY,
  type AppendExpectedRevision,
  type CurrentRevision,
  ErrorType,
  type RecordedEvent as EsdbRecordedEvent,
  type EventData,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import { eventChainHash, eventContentHash, streamChainGenesis } from '../event-chain';
import {
  type EventMetadata,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../event-store';

/**
 * Pure translations between the port and EventStoreDB/KurrentDB. Port stream versions are 1-based counts
 * (a stream's version is its number of events); EventStoreDB revisions are 0-based event numbers.
 */

/** Expected version n means "the last event is revision n - 1"; 0 means the stream must not exist. */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isSafeInteger(expected) || expected < 0)
    throw new RangeError(`Expected version ${expected} is not a whole number of 0 or more`);
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}

/** A stream's version (event count) from its current revision. */
export const versionFromRevision = (revision: CurrentRevision): number =>
  revision === NO_STREAM ? 0 : Number(revision) + 1;

/** Revision to start a stream read at, from the port's 1-based version. */
export function revisionFromVersion(version: number): bigint {
  if (!Number.isSafeInteger(version) || version < 1)
    throw new RangeError(`Stream version ${version} is not a whole number of 1 or more`);
  return BigInt(version - 1);
}

/** The port's position is EventStoreDB's own (commit, prepare) pair, so both directions copy it. */
export const toGlobalPosition = ({ commit, prepare }: Position): GlobalPosition => ({ commit, prepare });
export const toEsdbPosition = ({ commit, prepare }: GlobalPosition): Position => ({ commit, prepare });

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Namespace of the UUID v5 ids that stand for the portal's non-UUID client event ids. */
const clientIdNamespace = Buffer.from('6f1d3c52-9a0e-4c57-8a51-2f4be0c1d7a9'.replace(/-/g, ''), 'hex');

/**
 * EventStoreDB takes only UUIDs as event ids. A UUID is kept (lower-cased, as PostgreSQL stores it); any
 * other client id becomes its UUID v5 (RFC 9562), so a retry with the same id still meets the same event.
 */
export function toEsdbEventId(eventId: string | undefined): string {
  if (eventId === undefined) return randomUUID();
  if (uuidPattern.test(eventId)) return eventId.toLowerCase();
  const bytes = createHash('sha1').update(clientIdNamespace).update(eventId, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where an EventStoreDB event's metadata carries its hash chain link (hex SHA-256 digests). */
const chainMetadataKey = 'eventChain';

interface ChainLink {
  previousHash: string;
  contentHash: string;
  hash: string;
}

/** A stream's chain head: its version (0 when it has no events) and the hash its next event links to. */
interface ChainHead {
  version: number;
  hash: Buffer;
}

/**
 * The chain head after `last`, a stream's last event as EventStoreDB holds it (undefined: no stream). An
 * event written before the chain carries no link: the stream's chain starts after it, at the zero hash.
 */
export function chainHeadAfter(last: EsdbRecordedEvent | undefined): ChainHead {
  if (!last) return { version: 0, hash: streamChainGenesis };
  const link = (last.metadata as Record<string, unknown> | undefined)?.[chainMetadataKey] as
    | ChainLink
    | undefined;
  return {
    version: versionFromRevision(last.revision),
    hash: link ? Buffer.from(link.hash, 'hex') : streamChainGenesis,
  };
}

/** Whether a stream at `version` meets the caller's expectation. */
export const meetsExpectation = (expected: ExpectedVersion, version: number): boolean =>
  expected === 'any' ||
  (expected === 'stream_exists' ? version > 0 : version === (expected === 'no_stream' ? 0 : expected));

/**
 * Port events (their ids already EventStoreDB's) as JSON event data chained on `head`, as the PostgreSQL store
 * chains them: each one's metadata gains its link {previousHash, contentHash, hash}; data and metadata go as
 * JSON, like the PostgreSQL jsonb.
 */
export function toChainedEventData(
  streamId: string,
  events: (NewEvent & { eventId: string })[],
  head: ChainHead,
): EventData[] {
  let previousHash = head.hash;
  return events.map((event, i) => {
    const contentHash = eventContentHash(event);
    const hash = eventChainHash(previousHash, contentHash, head.version + i + 1, streamId);
    const link: ChainLink = {
      previousHash: previousHash.toString('hex'),
      contentHash: contentHash.toString('hex'),
      hash: hash.toString('hex'),
    };
    previousHash = hash;
    return jsonEvent({
      id: event.eventId,
      type: event.type,
      // The port's data is any JSON value; the client only types objects, arrays and strings.
      data: event.data as JSONType,
      metadata: { ...event.metadata, [chainMetadataKey]: link } as unknown as JSONType,
    });
  });
}

/** The port's metadata: the chain link is the store's, not the caller's (PostgreSQL keeps it in columns). */
function portMetadata(metadata: unknown): EventMetadata {
  const { [chainMetadataKey]: _link, ...rest } = (metadata ?? {}) as Record<string, unknown>;
  return rest as EventMetadata;
}

/** System records ($metadata, $statsCollected, $-streams, ...) never reach the port's readers. */
export const isSystemEvent = (event: Pick<EsdbRecordedEvent, 'type' | 'streamId'>): boolean =>
  event.type.startsWith('$') || event.streamId.startsWith('$');

/** What servers before 22.6 send as the position of an event read from a stream: unsigned -1. */
const noPosition = 2n ** 64n - 1n;

/** An EventStoreDB event as the port records it; servers before 22.6 send no position on stream reads. */
export function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  if (!event.position || event.position.commit === noPosition || event.position.prepare === noPosition)
    throw new Error(
      `EventStoreDB sent event ${event.id} without its position: the portal needs EventStoreDB 22.6 or later`,
    );
  return {
    eventId: event.id,
    streamId: event.streamId,
    streamVersion: versionFromRevision(event.revision),
    type: event.type,
    data: event.isJson ? event.data : Buffer.from(event.data),
    metadata: portMetadata(event.metadata),
    position: toGlobalPosition(event.position),
    recordedAt: event.created,
  };
}

/** The client's error of a lost optimistic race, told apart by its type (the class needs a gRPC reply). */
interface EsdbWrongExpectedVersion {
  type: ErrorType.WRONG_EXPECTED_VERSION;
  actualVersion: CurrentRevision;
}

export const isEsdbWrongExpectedVersion = (error: unknown): error is EsdbWrongExpectedVersion =>
  typeof error === 'object' &&
  error !== null &&
  (error as { type?: unknown }).type === ErrorType.WRONG_EXPECTED_VERSION;

/** A lost race as the port's error, with the actual revision turned into the stream's version. */
export function toPortError(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  if (!isEsdbWrongExpectedVersion(error)) return error;
  return new WrongExpectedVersionError(streamId, expected, versionFromRevision(error.actualVersion));
}

export const isEsdbStreamNotFound = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { type?: unknown }).type === ErrorType.STREAM_NOT_FOUND;
