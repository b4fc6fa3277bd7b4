#!/usr/bin/env node
/**
 * Checks a portal audit export (GET /api/audit/export; docs/audit-export.md) with nothing but Node and this
 * file: no database, no network, no install. It recomputes every event's content hash (SHA-256 of the RFC 8785
 * canonical JSON of {data, eventId, metadata, type}) and chain hash, follows each stream's links from its first
 * event (an event whose personal data retention removed links by the hash a later PersonalDataRedacted event of
 * its stream vouches for), checks each sealed head's Merkle proof against the seal's root and the seal's Ed25519 signature with
 * the public key in the export. Prints OK and a summary, or FAIL and the first break, naming the event.
 *
 *   node verify-audit-export.mjs portal-audit-export.json      (or, in the repository: npx verify-audit-export FILE)
 *
 * Exit code: 0 when everything holds, 1 at a break, 2 when the file cannot be read as an export.
 * The encodings are the portal's (docs/event-store.md); a test proves this file hashes the event corpus as the
 * portal does.
 */
import { createPublicKey, hash, verify } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** RFC 8785 (JCS) canonical JSON of a value JSON.parse returned: the algorithm of the `canonicalize` package. */
export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && !value.isWellFormed()) throw new Error('Lone surrogate is not allowed');
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('Only finite numbers are JSON');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Object.keys(…).sort() orders by UTF-16 code units, as RFC 8785 requires.
  const members = Object.keys(value)
    .sort()
    .filter((key) => value[key] !== undefined)
    .map((key) => `${canonicalJson(key)}:${canonicalJson(value[key])}`);
  return `{${members.join(',')}}`;
}

const sha256 = (...parts) => hash('sha256', Buffer.concat(parts), 'buffer');
const zeroHash = Buffer.alloc(32);
const int64 = (n) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(BigInt(n));
  return bytes;
};

/** An event's content hash: SHA-256 of the canonical JSON of its id, type, data and metadata. */
export const contentHashOf = ({ eventId, type, data, metadata }) =>
  sha256(Buffer.from(canonicalJson({ data, eventId, metadata, type }), 'utf8'));

/** SHA-256 of previous chain hash || content hash || stream version (int64 BE) || stream id (UTF-8). */
export const chainHashOf = (previous, content, version, streamId) =>
  sha256(previous, content, int64(version), Buffer.from(streamId, 'utf8'));

/** A seal's leaf: SHA-256 of 0x00 || head version (int64 BE) || head chain hash || stream id (UTF-8). */
export const sealLeafOf = (streamId, version, chainHash) =>
  sha256(Buffer.of(0), int64(version), chainHash, Buffer.from(streamId, 'utf8'));

/** The root an RFC 9162 (2.1.3.2) inclusion proof leads to from `leaf`; null when the proof is malformed. */
export function rootFromProof(leaf, { leafIndex, treeSize, path }) {
  if (!Number.isInteger(leafIndex) || !Number.isInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize)
    return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let node = leaf;
  for (const sibling of path.map((hex) => Buffer.from(hex, 'hex'))) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      node = sha256(Buffer.of(1), sibling, node);
      while (fn % 2 === 0 && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      node = sha256(Buffer.of(1), node, sibling);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 ? node : null;
}

/** Whether the seal's signature is its public key's over 'portal-seal-v1\n' + the canonical JSON of its facts. */
function sealSignatureHolds({ sealedAt, streams, events, merkleRoot, reason, publicKey, signature }) {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    const message = `portal-seal-v1\n${canonicalJson({ sealedAt, streams, events, merkleRoot, reason })}`;
    return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

const hex = (text) =>
  typeof text === 'string' && /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : null;

class Break extends Error {
  constructor(reason, message, where = {}) {
    super(message);
    this.reason = reason;
    this.where = where;
  }
}

const byUtf8 = (a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Whether a leaf given in the export is the seal's: its proof leads to the seal's root. */
const isSealLeaf = (leaf, seal) =>
  leaf.treeSize === seal.streams &&
  rootFromProof(sealLeafOf(leaf.streamId, leaf.version, hex(leaf.chainHash) ?? zeroHash), leaf)?.toString(
    'hex',
  ) === seal.merkleRoot;

/**
 * A stream without a sealed head must prove the seal does not cover it (else a rewritten stream could pass as
 * one created after the seal): the seal's leaves on either side of where its id sorts, adjacent in the tree.
 */
export function verifyAbsence({ streamId, notInSeal }, seal) {
  const where = { streamId };
  if (!notInSeal)
    throw new Break('not-in-seal', 'no sealed head, and no proof that the seal does not cover it', where);
  const { before, after } = notInSeal;
  const holds =
    (!before || (isSealLeaf(before, seal) && byUtf8(before.streamId, streamId) < 0)) &&
    (!after || (isSealLeaf(after, seal) && byUtf8(streamId, after.streamId) < 0)) &&
    (before && after
      ? after.leafIndex === before.leafIndex + 1
      : before
        ? before.leafIndex === seal.streams - 1
        : after
          ? after.leafIndex === 0
          : seal.streams === 0);
  if (!holds)
    throw new Break('not-in-seal', 'its proof that the seal does not cover it does not hold', where);
}

/**
 * The redactions a stream's own PersonalDataRedacted events vouch for, by version: the content hash the event
 * was chained with and the one of what it holds now (docs/event-store.md, "Redaction"). The vouching events
 * are checked with the rest of the stream, so an edited voucher breaks its own link.
 */
function vouchersIn(events) {
  const vouchers = new Map();
  for (const event of events) {
    if (event?.type !== 'PersonalDataRedacted' || !Array.isArray(event.data?.redactedEvents)) continue;
    for (const voucher of event.data.redactedEvents) vouchers.set(voucher?.version, voucher);
  }
  return vouchers;
}

/** Checks one stream's events from its first, and its sealed head against the seal; returns its counts. */
function verifyStream(stream, seal) {
  const { streamId, events, sealedHead } = stream;
  if (typeof streamId !== 'string' || !Array.isArray(events))
    throw new Break('malformed', 'a stream without id or events');
  const vouchers = vouchersIn(events);
  let previous = zeroHash;
  let redactedEvents = 0;
  let sealedEvents = 0;
  for (const [index, event] of events.entries()) {
    const where = { streamId, position: index + 1, eventId: event.eventId, type: event.type };
    if (event.streamVersion !== index + 1)
      throw new Break(
        'missing-event',
        `the stream skips version ${index + 1} (the next event found is version ${event.streamVersion})`,
        where,
      );
    const storedContent = hex(event.contentHash);
    const storedChain = hex(event.chainHash);
    if (!storedContent || !storedChain) throw new Break('missing-hash', 'the event has no hashes', where);
    if (!hex(event.previousHash)?.equals(previous))
      throw new Break(
        'chain-broken',
        'its previous-link hash is not the chain hash of the event before it',
        where,
      );
    const content = contentHashOf(event);
    if (!content.equals(storedContent)) {
      const voucher = vouchers.get(event.streamVersion);
      if (
        voucher?.originalContentHash !== storedContent.toString('hex') ||
        voucher?.redactedContentHash !== content.toString('hex')
      )
        throw new Break(
          'content-changed',
          'its id, type, data or metadata do not hash to its content hash, and no redaction in its stream vouches for what it holds',
          where,
        );
      redactedEvents++;
    }
    if (!chainHashOf(previous, storedContent, event.streamVersion, streamId).equals(storedChain))
      throw new Break('chain-broken', 'its chain hash does not link it to the event before it', where);
    previous = storedChain;
    if (sealedHead && event.streamVersion <= sealedHead.version) sealedEvents++;
  }
  if (!sealedHead) {
    if (seal) verifyAbsence(stream, seal);
    return { events: events.length, sealedEvents: 0, redactedEvents };
  }
  if (!seal) throw new Break('not-sealed', 'a sealed head is given but the export has no seal', { streamId });
  const head = events[sealedHead.version - 1];
  const where = { streamId, position: sealedHead.version, eventId: head?.eventId, type: head?.type };
  if (!head)
    throw new Break(
      'truncated',
      `the sealed head, version ${sealedHead.version}, is not in the export`,
      where,
    );
  if (head.chainHash !== sealedHead.chainHash)
    throw new Break('sealed-head-changed', 'the event at the sealed head is not the one sealed', where);
  if (sealedHead.treeSize !== seal.streams)
    throw new Break(
      'not-in-seal',
      `its proof is for a tree of ${sealedHead.treeSize} streams, the seal has ${seal.streams}`,
      where,
    );
  const root = rootFromProof(sealLeafOf(streamId, sealedHead.version, hex(head.chainHash)), sealedHead);
  if (!root || root.toString('hex') !== seal.merkleRoot)
    throw new Break('not-in-seal', "its sealed head's Merkle proof does not lead to the seal's root", where);
  return { events: events.length, sealedEvents, redactedEvents };
}

/** Verifies a parsed export: `{ok: true, ...counts}` or `{ok: false, reason, message, where}` at the first break. */
export function verifyExport(exported) {
  try {
    if (exported?.format !== 'portal-audit-export' || exported.version !== 1)
      throw new Break('malformed', 'not a portal audit export, version 1');
    const { seal } = exported;
    if (seal) {
      const keyId = hash('sha256', Buffer.from(seal.publicKey ?? '', 'base64url'), 'hex').slice(0, 16);
      if (keyId !== seal.keyId || !sealSignatureHolds(seal))
        throw new Break(
          'seal-signature-invalid',
          "the seal's signature does not verify with its public key",
          {
            streamId: 'audit-seals',
            position: seal.sealVersion,
          },
        );
    }
    const totals = { streams: 0, events: 0, sealedEvents: 0, redactedEvents: 0 };
    for (const stream of exported.streams) {
      const counts = verifyStream(stream, seal);
      totals.streams++;
      totals.events += counts.events;
      totals.sealedEvents += counts.sealedEvents;
      totals.redactedEvents += counts.redactedEvents;
    }
    const records = exported.streams.filter((stream) => stream.printedRecords).length;
    return { ok: true, ...totals, seal: seal ?? null, records };
  } catch (error) {
    // A field missing or of the wrong kind is a break too: the file is not what the portal wrote.
    if (!(error instanceof Break))
      return { ok: false, reason: 'malformed', message: String(error), where: {} };
    return { ok: false, reason: error.reason, message: error.message, where: error.where };
  }
}

/** The verdict as the auditor reads it. */
export function verdictText(result) {
  if (!result.ok) {
    const { streamId, position, eventId, type } = result.where;
    const event = [
      streamId && `stream ${streamId}`,
      position !== undefined && `position ${position}`,
      eventId && `event ${eventId}${type ? ` (${type})` : ''}`,
    ].filter(Boolean);
    return `FAIL ${result.reason}: ${event.join(', ')}${event.length ? ': ' : ''}${result.message}`;
  }
  const after = result.events - result.sealedEvents;
  const lines = [`OK: ${result.events} events in ${result.streams} streams: every hash and link holds.`];
  if (result.seal) {
    const { sealVersion, sealedAt, merkleRoot, keyId } = result.seal;
    lines.push(
      `${result.sealedEvents} of them are sealed by seal ${sealVersion} of ${sealedAt}: digest ${merkleRoot}, key id ${keyId}.`,
      "Compare the digest with the end-of-day seal mail, and the key id with the portal's published seal keys.",
    );
  } else lines.push('No seal covers them: the export holds no seal.');
  if (after > 0) lines.push(`${after} events come after the latest seal: chained, not yet sealed.`);
  if (result.redactedEvents > 0)
    lines.push(
      `${result.redactedEvents} events had personal data removed by retention: each is vouched for by a PersonalDataRedacted event of its stream.`,
    );
  lines.push(`${result.records} tickets' printed records: made from these events, not hashed themselves.`);
  return lines.join('\n');
}

function main(file) {
  if (!file) {
    console.error('Usage: node verify-audit-export.mjs EXPORT.json');
    return 2;
  }
  let exported;
  try {
    exported = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`FAIL unreadable: ${file}: ${error.message}`);
    return 2;
  }
  const result = verifyExport(exported);
  (result.ok ? console.log : console.error)(verdictText(result));
  return result.ok ? 0 : 1;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv[2]);
