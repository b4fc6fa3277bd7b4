import {
  ANY,
  ErrorType,
  type RecordedEvent as EsdbRecordedEvent,
  NO_STREAM,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../event-store';
import {
  chainHeadAfter,
  isSystemEvent,
  meetsExpectation,
  revisionFromVersion,
  toChainedEventData,
  toEsdbEventId,
  toEsdbPosition,
  toExpectedRevision,
  toGlobalPosition,
  toPortError,
  toRecordedEvent,
  versionFromRevision,
} from './eventstoredb-mapping';

const esdbEvent = (overrides: Partial<EsdbRecordedEvent> = {}): EsdbRecordedEvent =>
  ({
    streamId: 'ticket-1',
    id: '0b6a7c1e-3f0d-4b7e-9c53-2f1a6e8d4c21',
    isJson: true,
    revision: 0n,
    type: 'TicketCreated',
    created: new Date('2026-11-23T10:00:00.000Z'),
    data: { ticket: 'T-0001' },
    metadata: { userId: 7, occurredAt: '2026-11-23T09:59:59.000Z', correlationId: 'c-1' },
    position: { commit: 1200n, prepare: 1100n },
    ...overrides,
  }) as EsdbRecordedEvent;

describe('expected version to EventStoreDB expected revision', () => {
  it('maps a 1-based version n to revision n - 1, and 0 to no stream', () => {
    expect(toExpectedRevision(0)).toBe(NO_STREAM);
    expect(toExpectedRevision(1)).toBe(0n);
    expect(toExpectedRevision(42)).toBe(41n);
  });

  it('maps the named expectations to the client constants', () => {
    expect(toExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toExpectedRevision('any')).toBe(ANY);
  });

  it('refuses versions that are no count of events', () => {
    expect(() => toExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toExpectedRevision(1.5)).toThrow(RangeError);
  });
});

describe('revisions and versions', () => {
  it('turns a current revision into the stream version (its event count)', () => {
    expect(versionFromRevision(NO_STREAM)).toBe(0);
    expect(versionFromRevision(0n)).toBe(1);
    expect(versionFromRevision(9n)).toBe(10);
  });

  it('starts a stream read at revision version - 1', () => {
    expect(revisionFromVersion(1)).toBe(0n);
    expect(revisionFromVersion(5)).toBe(4n);
    expect(() => revisionFromVersion(0)).toThrow(RangeError);
  });
});

describe('positions', () => {
  it('keep commit and prepare in both directions', () => {
    const position = { commit: 2n ** 40n, prepare: 2n ** 40n - 7n };
    expect(toGlobalPosition(position)).toEqual(position);
    expect(toEsdbPosition(toGlobalPosition(position))).toEqual(position);
  });
});

describe('event ids', () => {
  it('keeps a UUID, lower-cased as PostgreSQL stores it', () => {
    expect(toEsdbEventId('0B6A7C1E-3F0D-4B7E-9C53-2F1A6E8D4C21')).toBe(
      '0b6a7c1e-3f0d-4b7e-9c53-2f1a6e8d4c21',
    );
  });

  it('turns any other client id into the same UUID v5 every time, and different ids into different UUIDs', () => {
    const id = toEsdbEventId('generate-chunk-17-3');

    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The RFC's v5 of the name in the portal's namespace, as Python's uuid.uuid5 computes it.
    expect(id).toBe('a3c1a671-955c-5e00-9bbf-52da5d6f96f2');
    expect(toEsdbEventId('generate-chunk-17-3')).toBe(id);
    expect(toEsdbEventId('generate-chunk-17-4')).not.toBe(id);
  });

  it('gives an event without a client id a fresh random UUID', () => {
    const [a, b] = [toEsdbEventId(undefined), toEsdbEventId(undefined)];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(a).not.toBe(b);
  });
});

// The fixed vectors of event-chain.unit.test.ts (computed apart from the code): one event appended twice.
const vectorEvent = {
  eventId: '3f0c6a8e-5b1d-4c2e-9f7a-0123456789ab',
  type: 'TicketReceived',
  data: { nested: { z: null, y: [3, 'x'] }, n: 1e21, f: 0.1, b: 1, a: 'é\n' },
  metadata: { userId: 7, occurredAt: '2026-11-27T12:00:00.000Z' },
};
const vectorContent = '612f6cb0f5f924c594aa9c799620ae601deee2e961265d1157fd876b3225dceb';
const vectorFirstLink = '8bbadc2ad734ea8ccc726f34f3489a3304b88e7b70d315e68ba497ce9fea1f73';
const vectorSecondLink = '7d4cd8e1e336a7129748c6e10cd1d6c1a38d164cf93fec05d207e7feec1a7946';
const zeroHash = '00'.repeat(32);

describe('new events to EventStoreDB event data', () => {
  it('sends data and metadata as JSON under the given id, the metadata with its hash chain link', () => {
    const head = { version: 0, hash: Buffer.alloc(32) };
    const second = { ...vectorEvent, eventId: vectorEvent.eventId };
    const [first, next] = toChainedEventData('ticket-42', [vectorEvent, second], head);

    expect(first).toMatchObject({
      id: vectorEvent.eventId,
      contentType: 'application/json',
      type: 'TicketReceived',
      data: vectorEvent.data,
      metadata: {
        ...vectorEvent.metadata,
        eventChain: { previousHash: zeroHash, contentHash: vectorContent, hash: vectorFirstLink },
      },
    });
    expect(next?.metadata).toEqual({
      ...vectorEvent.metadata,
      eventChain: { previousHash: vectorFirstLink, contentHash: vectorContent, hash: vectorSecondLink },
    });
  });

  it("chains on the stream's head: its version and hash", () => {
    const [event] = toChainedEventData('ticket-42', [vectorEvent], {
      version: 1,
      hash: Buffer.from(vectorFirstLink, 'hex'),
    });

    expect(event?.metadata).toMatchObject({
      eventChain: { previousHash: vectorFirstLink, hash: vectorSecondLink },
    });
  });

  it("reads the head from a stream's last event, a stream without events or links starting at the zero hash", () => {
    const linked = esdbEvent({
      revision: 4n,
      metadata: {
        userId: 7,
        eventChain: { previousHash: zeroHash, contentHash: vectorContent, hash: vectorFirstLink },
      },
    });

    expect(chainHeadAfter(undefined)).toEqual({ version: 0, hash: Buffer.alloc(32) });
    expect(chainHeadAfter(linked)).toEqual({ version: 5, hash: Buffer.from(vectorFirstLink, 'hex') });
    expect(chainHeadAfter(esdbEvent({ revision: 2n }))).toEqual({ version: 3, hash: Buffer.alloc(32) });
  });

  it("checks the caller's expected version against the head it chains on", () => {
    expect([0, 1, 2].map((version) => meetsExpectation('any', version))).toEqual([true, true, true]);
    expect([0, 1].map((version) => meetsExpectation('no_stream', version))).toEqual([true, false]);
    expect([0, 1].map((version) => meetsExpectation(0, version))).toEqual([true, false]);
    expect([0, 1].map((version) => meetsExpectation('stream_exists', version))).toEqual([false, true]);
    expect([1, 2, 3].map((version) => meetsExpectation(2, version))).toEqual([false, true, false]);
  });
});

describe('EventStoreDB events to recorded events', () => {
  it('maps revision to 1-based version, position, created time and metadata', () => {
    expect(toRecordedEvent(esdbEvent({ revision: 4n }))).toEqual({
      eventId: '0b6a7c1e-3f0d-4b7e-9c53-2f1a6e8d4c21',
      streamId: 'ticket-1',
      streamVersion: 5,
      type: 'TicketCreated',
      data: { ticket: 'T-0001' },
      metadata: { userId: 7, occurredAt: '2026-11-23T09:59:59.000Z', correlationId: 'c-1' },
      position: { commit: 1200n, prepare: 1100n },
      recordedAt: new Date('2026-11-23T10:00:00.000Z'),
    });
  });

  it("keeps the hash chain link out of the port's metadata, as PostgreSQL keeps it in columns", () => {
    const link = { previousHash: zeroHash, contentHash: vectorContent, hash: vectorFirstLink };
    const recorded = toRecordedEvent(
      esdbEvent({ metadata: { userId: 7, occurredAt: 'x', eventChain: link } }),
    );

    expect(recorded.metadata).toEqual({ userId: 7, occurredAt: 'x' });
  });

  it('refuses an event without a position (servers before 22.6) rather than invent one', () => {
    expect(() => toRecordedEvent(esdbEvent({ position: undefined }))).toThrow(/22\.6/);
    const unsignedMinusOne = 2n ** 64n - 1n;
    expect(() =>
      toRecordedEvent(esdbEvent({ position: { commit: unsignedMinusOne, prepare: unsignedMinusOne } })),
    ).toThrow(/22\.6/);
  });

  it('tells system events apart by a $ type or a $ stream', () => {
    expect(isSystemEvent({ type: '$metadata', streamId: '$$ticket-1' })).toBe(true);
    expect(isSystemEvent({ type: '$statsCollected', streamId: '$stats-0.0.0.0:2113' })).toBe(true);
    expect(isSystemEvent({ type: 'Something', streamId: '$ce-ticket' })).toBe(true);
    expect(isSystemEvent({ type: 'TicketCreated', streamId: 'ticket-1' })).toBe(false);
  });
});

describe('errors', () => {
  it("turns EventStoreDB's wrong expected version into the port's, with the actual version 1-based", () => {
    const lost = { type: ErrorType.WRONG_EXPECTED_VERSION, actualVersion: 1n, expectedVersion: NO_STREAM };

    const error = toPortError(lost, 'ticket-1', 0);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId: 'ticket-1', expected: 0, actual: 2 });
    expect(
      toPortError({ type: ErrorType.WRONG_EXPECTED_VERSION, actualVersion: NO_STREAM }, 's', 'stream_exists'),
    ).toMatchObject({ expected: 'stream_exists', actual: 0 });
  });

  it('passes other errors through unchanged', () => {
    const unavailable = { type: ErrorType.UNAVAILABLE };
    expect(toPortError(unavailable, 'ticket-1', 3)).toBe(unavailable);
  });
});
