import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  rawPublicKey,
  type SealedFacts,
  type StreamHead,
  sealKeyId,
  sealLeafHash,
  sealMerkleRoot,
  sealSignatureHolds,
  signSeal,
} from './event-seal';

// Expected values computed apart from this code, with `node -e` over the bytes docs/event-store.md lists
// (createHash('sha256') over 0x00/0x01 prefixes, crypto.sign over the message written out by hand).
const head = (streamId: string, version: number, byte: number): StreamHead => ({
  streamId,
  version,
  chainHash: Buffer.alloc(32, byte),
});
const heads = [head('user-1', 2, 0x22), head('ticket-2', 1, 0x33), head('ticket-1', 3, 0x11)];
const root = 'f0d891328e365f3bddb6189aee625cecf7ea0da74242ed2aa00c2e809f3ba562';

// RFC 8032's first test key (its seed in a PKCS #8 envelope); its public key is d75a9801…511a.
const privateKey = createPrivateKey({
  key: Buffer.from(
    '302e020100300506032b6570042204209d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    'hex',
  ),
  format: 'der',
  type: 'pkcs8',
});
const publicKey = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
const facts: SealedFacts = {
  sealedAt: '2026-11-27T16:00:00.000Z',
  streams: 3,
  events: 6,
  merkleRoot: root,
  reason: 'on-demand',
};
const signature = 'RFa3IVv22QIcwUu3zXzc-BEAla1rFdJXFEvjXD6vvX4DupeInHofVquNcD76kGtcr1HcW6H3vVR2rQMwHt4_BQ';

describe('the seal Merkle tree (RFC 6962 over stream heads)', () => {
  it('hashes a leaf as 0x00 || version || head hash || stream id', () => {
    expect(sealLeafHash(head('ticket-1', 3, 0x11)).toString('hex')).toBe(
      'c03b6991638c0e5823ca9ad05969161d3bc5f2774fe7f01c772438918eb6a504',
    );
  });

  it('sorts the heads by stream id and splits three leaves as two and one', () => {
    expect(sealMerkleRoot(heads).toString('hex')).toBe(root);
  });

  it('is SHA-256 of nothing without streams, and the leaf itself for one', () => {
    expect(sealMerkleRoot([]).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(sealMerkleRoot([head('ticket-1', 3, 0x11)])).toEqual(sealLeafHash(head('ticket-1', 3, 0x11)));
  });

  it('changes when a stream is dropped or its head is one event behind', () => {
    expect(sealMerkleRoot(heads.slice(1)).toString('hex')).not.toBe(root);
    expect(sealMerkleRoot([head('user-1', 1, 0x22), ...heads.slice(1)]).toString('hex')).not.toBe(root);
  });
});

describe('the seal signature (Ed25519)', () => {
  it("signs 'portal-seal-v1\\n' and the facts' canonical JSON", () => {
    expect(rawPublicKey(createPublicKey(privateKey))).toBe(publicKey);
    expect(signSeal(facts, privateKey)).toBe(signature);
    expect(sealKeyId(publicKey)).toBe('21fe31dfa154a261');
  });

  it('holds for the facts signed, and for no others, key or garbage', () => {
    expect(sealSignatureHolds(facts, signature, publicKey)).toBe(true);
    expect(sealSignatureHolds({ ...facts, events: 7 }, signature, publicKey)).toBe(false);
    expect(sealSignatureHolds(facts, signature, 'AAAA')).toBe(false);
    expect(sealSignatureHolds(facts, 'not-a-signature', publicKey)).toBe(false);
  });
});
