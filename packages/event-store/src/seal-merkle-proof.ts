import { hash } from 'node:crypto';
import { type StreamHead, sealLeafHash } from './event-seal';

/**
 * Inclusion proofs in a seal's Merkle tree (RFC 6962 / RFC 9162 section 2.1.3): the sibling hashes from a
 * stream's leaf up to the root, so an export can show that one stream's head is among the heads a seal signed
 * without carrying all of them. The tree is the one `sealMerkleRoot` computes (docs/event-store.md, "Seals").
 */
export interface SealInclusionProof {
  /** The leaf's index among the heads sorted by stream id (UTF-8 bytes). */
  leafIndex: number;
  /** The number of leaves: the seal's `streams`. */
  treeSize: number;
  /** Sibling subtree hashes, lower-case hex, from the leaf's level up. */
  path: string[];
}

/** A stream's head as a seal covers it, and the proof that it does. */
export interface SealedHeadProof {
  head: StreamHead;
  proof: SealInclusionProof;
}

const sha256 = (...parts: Buffer[]) => hash('sha256', Buffer.concat(parts), 'buffer');

/** The largest power of two below `n` (n > 1): the size of the left subtree. */
function leftSize(n: number): number {
  let split = 1;
  while (split * 2 < n) split *= 2;
  return split;
}

/** How many of the sorted `indices` lie in [start, end). */
function countIn(indices: readonly number[], start: number, end: number): number {
  const lowerBound = (value: number) => {
    let low = 0;
    let high = indices.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((indices[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return lowerBound(end) - lowerBound(start);
}

/** Where `key` is, or would be, among the sorted keys: its index, and whether it is there. */
function positionOf(keys: readonly Buffer[], key: Buffer): { index: number; found: boolean } {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (Buffer.compare(keys[middle] as Buffer, key) < 0) low = middle + 1;
    else high = middle;
  }
  return { index: low, found: low < keys.length && (keys[low] as Buffer).equals(key) };
}

/**
 * The proof that a seal does not cover a stream: the leaves just before and just after where its id would sort
 * (null at either end of the tree), whose indices are consecutive, so no leaf lies between them.
 */
export interface SealAbsenceProof {
  before: SealedHeadProof | null;
  after: SealedHeadProof | null;
}

/**
 * The root of the tree over `heads`, the inclusion proofs of the heads of those of `streamIds` the seal covers,
 * and for the others the proof that it does not, in one pass over the tree: every leaf is hashed once, and only
 * the proofs asked for are kept, so a large portal's seal costs an export its hashing, not its memory.
 */
export function sealMerkleProofs(
  heads: readonly StreamHead[],
  streamIds: Iterable<string>,
): { root: Buffer; proofs: Map<string, SealedHeadProof>; absences: Map<string, SealAbsenceProof> } {
  const byKey = heads
    .map((head) => ({ head, key: Buffer.from(head.streamId, 'utf8') }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  const sorted = byKey.map(({ head }) => head);
  const keys = byKey.map(({ key }) => key);
  const covered = new Set<number>();
  const absent = new Map<string, { before: number; after: number }>();
  for (const streamId of streamIds) {
    const { index, found } = positionOf(keys, Buffer.from(streamId, 'utf8'));
    if (found) covered.add(index);
    else absent.set(streamId, { before: index - 1, after: index });
  }
  const neighbours = [...absent.values()].flatMap(({ before, after }) => [before, after]);
  const targets = [...new Set([...covered, ...neighbours])]
    .filter((index) => index >= 0 && index < sorted.length)
    .sort((a, b) => a - b);
  const paths = new Map<number, Buffer[]>(targets.map((index) => [index, []]));
  // RFC 6962's MTH(D[start:start+size]), adding each subtree's hash to the paths of the targets beside it.
  const subtree = (start: number, size: number): Buffer => {
    if (size === 1) return sealLeafHash(sorted[start] as StreamHead);
    const split = leftSize(size);
    const left = subtree(start, split);
    const right = subtree(start + split, size - split);
    const firstTarget = countIn(targets, 0, start);
    const endTarget = firstTarget + countIn(targets, start, start + size);
    for (const index of targets.slice(firstTarget, endTarget))
      paths.get(index)?.push(index < start + split ? right : left);
    return sha256(Buffer.of(1), left, right);
  };
  const root = sorted.length === 0 ? sha256() : subtree(0, sorted.length);
  const proofAt = (leafIndex: number): SealedHeadProof | null => {
    const path = paths.get(leafIndex);
    if (!path) return null;
    const proof = { leafIndex, treeSize: sorted.length, path: path.map((node) => node.toString('hex')) };
    return { head: sorted[leafIndex] as StreamHead, proof };
  };
  const proofs = new Map<string, SealedHeadProof>();
  for (const index of covered)
    proofs.set((sorted[index] as StreamHead).streamId, proofAt(index) as SealedHeadProof);
  const absences = new Map<string, SealAbsenceProof>();
  for (const [streamId, { before, after }] of absent)
    absences.set(streamId, { before: proofAt(before), after: proofAt(after) });
  return { root, proofs, absences };
}
