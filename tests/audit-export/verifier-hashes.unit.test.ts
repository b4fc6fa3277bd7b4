import {
  canonicalJson,
  chainHashOf,
  contentHashOf,
  rootFromProof,
  sealLeafOf,
  verifyAbsence,
} from '@portal/audit-verifier';
import {
  eventChainHash,
  eventContentHash,
  type SealedHeadProof,
  type StreamHead,
  sealMerkleProofs,
  sealMerkleRoot,
} from '@portal/event-store';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { loadCorpusStreams } from '../event-corpus/corpus';

// The standalone verifier carries its own RFC 8785 and hashing (it runs with no install): these prove they
// are the event store's, byte for byte, on every event the portal has ever written (the event corpus).
const streams = loadCorpusStreams();
const eventIdOf = (streamId: string, index: number) =>
  `00000000-0000-4000-8000-${(streamId.length * 1_000_000 + index).toString().padStart(12, '0')}`;

describe("the standalone verifier's hashing", () => {
  it('reads a corpus to compare against', () => {
    expect(streams.length).toBeGreaterThan(100);
  });

  it('canonicalises, content-hashes and chains every corpus event as packages/event-store does', () => {
    let events = 0;
    for (const { streamId, events: stored } of streams) {
      let portalPrevious: Buffer = Buffer.alloc(32);
      let verifierPrevious: Buffer = Buffer.alloc(32);
      for (const [index, event] of stored.entries()) {
        // What the verifier gets is what JSON.parse returns from the export: a round trip through JSON text.
        const content = JSON.parse(JSON.stringify({ ...event, eventId: eventIdOf(streamId, index) }));
        expect(canonicalJson(content.data)).toBe(canonicalize(content.data));
        const portalContent = eventContentHash(content);
        expect(contentHashOf(content).toString('hex')).toBe(portalContent.toString('hex'));
        portalPrevious = eventChainHash(portalPrevious, portalContent, index + 1, streamId);
        verifierPrevious = chainHashOf(verifierPrevious, contentHashOf(content), index + 1, streamId);
        expect(verifierPrevious.toString('hex')).toBe(portalPrevious.toString('hex'));
        events++;
      }
    }
    expect(events).toBeGreaterThan(500);
  });

  it('agrees with the canonicalize package where RFC 8785 is subtle: numbers, key order by UTF-16, escapes', () => {
    const subtle = JSON.parse(
      '{"\\u20ac":1,"\\r":2,"\\ud83d\\ude00":3,"\\u00f6":4,"a":[1e21,1e-7,0.1,-0,123456789012345680000,5e-324],' +
        '"s":"\\u0000\\u001f\\"\\\\\\u2028\\u00e9","n":null,"t":true,"o":{"b":{},"a":[]}}',
    );
    expect(canonicalJson(subtle)).toBe(canonicalize(subtle));
    expect(() => canonicalJson(JSON.parse('"\\ud800"'))).toThrow(/surrogate/);
  });
});

const head = (n: number): StreamHead => ({
  streamId: `stream-${n}`,
  version: n + 1,
  chainHash: Buffer.alloc(32, n),
});

describe("a seal's Merkle inclusion proofs", () => {
  it("lead every leaf to sealMerkleRoot's root, for trees of 1 to 40 streams", () => {
    for (let size = 1; size <= 40; size++) {
      const heads = Array.from({ length: size }, (_, n) => head(n));
      const tree = sealMerkleProofs(heads, ['stream-99', ...heads.map((sealed) => sealed.streamId)]);
      expect(tree.root.toString('hex')).toBe(sealMerkleRoot(heads).toString('hex'));
      expect(tree.proofs.size).toBe(size);
      for (const sealed of heads) {
        const found = tree.proofs.get(sealed.streamId);
        expect(found?.head).toEqual(sealed);
        const leaf = sealLeafOf(sealed.streamId, sealed.version, sealed.chainHash);
        expect(rootFromProof(leaf, found?.proof as never)?.toString('hex')).toBe(tree.root.toString('hex'));
      }
    }
  });

  it('lead nowhere near the root from another leaf, another index or a shortened path', () => {
    const heads = Array.from({ length: 13 }, (_, n) => head(n));
    const tree = sealMerkleProofs(heads, ['stream-5', 'stream-99']);
    const { proof } = tree.proofs.get('stream-5') ?? {};
    if (!proof) throw new Error('stream-5 is in the tree');
    const root = tree.root.toString('hex');
    const leaf = sealLeafOf('stream-5', 6, Buffer.alloc(32, 5));
    expect(rootFromProof(sealLeafOf('stream-5', 7, Buffer.alloc(32, 5)), proof)?.toString('hex')).not.toBe(
      root,
    );
    expect(rootFromProof(leaf, { ...proof, leafIndex: proof.leafIndex + 1 })?.toString('hex')).not.toBe(root);
    expect(rootFromProof(leaf, { ...proof, path: proof.path.slice(1) })).toBeNull();
    expect([...tree.proofs.keys()]).toEqual(['stream-5']);
  });
});

/** A leaf as the export carries it. */
const leafJson = (found: SealedHeadProof | null) =>
  found && {
    streamId: found.head.streamId,
    version: found.head.version,
    chainHash: found.head.chainHash.toString('hex'),
    ...found.proof,
  };

describe("a seal's proofs that it does not cover a stream", () => {
  const heads = Array.from({ length: 13 }, (_, n) => head(n));
  // Sorted by UTF-8 bytes: stream-0, stream-1, stream-10, stream-11, stream-12, stream-2, …, stream-9.
  const absent = ['a-first', 'stream-10a', 'stream-3x', 'zz-last'];

  it('hold for ids before, between and after the sealed ones, and for an empty seal', () => {
    const tree = sealMerkleProofs(heads, absent);
    const seal = { streams: heads.length, merkleRoot: tree.root.toString('hex') };
    expect([...tree.absences.keys()]).toEqual(absent);
    for (const streamId of absent) {
      const { before, after } = tree.absences.get(streamId) ?? {};
      const notInSeal = { before: leafJson(before ?? null), after: leafJson(after ?? null) };
      expect(() => verifyAbsence({ streamId, notInSeal }, seal), streamId).not.toThrow();
    }
    expect(tree.absences.get('a-first')?.before).toBeNull();
    expect(tree.absences.get('zz-last')?.after).toBeNull();
    const empty = sealMerkleProofs([], ['ticket-1']);
    expect(() =>
      verifyAbsence(
        { streamId: 'ticket-1', notInSeal: { before: null, after: null } },
        { streams: 0, merkleRoot: empty.root.toString('hex') },
      ),
    ).not.toThrow();
  });

  it('fail for a sealed stream given a neighbouring bracket, or none', () => {
    const tree = sealMerkleProofs(heads, ['stream-10a', 'stream-10']);
    const seal = { streams: heads.length, merkleRoot: tree.root.toString('hex') };
    const bracket = tree.absences.get('stream-10a');
    const notInSeal = { before: leafJson(bracket?.before ?? null), after: leafJson(bracket?.after ?? null) };
    // stream-10 is sealed: its own leaf is the bracket's `before`, so it does not sort strictly inside it.
    expect(() => verifyAbsence({ streamId: 'stream-10', notInSeal }, seal)).toThrow(/does not hold/);
    expect(() =>
      verifyAbsence({ streamId: 'stream-10', notInSeal: { before: null, after: notInSeal.after } }, seal),
    ).toThrow(/does not hold/);
    expect(() => verifyAbsence({ streamId: 'stream-10' }, seal)).toThrow(/no proof/);
  });
});
