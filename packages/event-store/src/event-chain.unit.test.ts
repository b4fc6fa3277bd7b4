import { describe, expect, it } from 'vitest';
import { eventChainHash, eventContentHash, streamChainGenesis } from './event-chain';

// Expected digests were computed apart from this code: `node -e` hashing the hand-written canonical text
//   {"data":{"a":"é\n","b":1,"f":0.1,"n":1e+21,"nested":{"y":[3,"x"],"z":null}},"eventId":"3f0c6a8e-5b1d-4c2e-9f7a-0123456789ab","metadata":{"occurredAt":"2026-11-27T12:00:00.000Z","userId":7},"type":"TicketReceived"}
// and the concatenated link bytes; link 1 also with PostgreSQL's sha256(... || int8send(1) || convert_to('ticket-42', 'UTF8')).
const event = {
  type: 'TicketReceived',
  metadata: { userId: 7, occurredAt: '2026-11-27T12:00:00.000Z', correlationId: undefined },
  eventId: '3f0c6a8e-5b1d-4c2e-9f7a-0123456789ab',
  data: { nested: { z: null, y: [3, 'x'] }, n: 1e21, f: 0.1, b: 1, a: 'é\n' },
};
const contentHex = '612f6cb0f5f924c594aa9c799620ae601deee2e961265d1157fd876b3225dceb';
const firstLinkHex = '8bbadc2ad734ea8ccc726f34f3489a3304b88e7b70d315e68ba497ce9fea1f73';
const secondLinkHex = '7d4cd8e1e336a7129748c6e10cd1d6c1a38d164cf93fec05d207e7feec1a7946';

describe('the event hash chain, version 1', () => {
  it('hashes the RFC 8785 form of an event: keys sorted, ES number forms, undefined members left out', () => {
    expect(eventContentHash(event).toString('hex')).toBe(contentHex);
  });

  it('hashes the same content after a JSON round trip, as the verifier reads it back', () => {
    expect(eventContentHash(JSON.parse(JSON.stringify(event))).toString('hex')).toBe(contentHex);
  });

  it('links a first event to 32 zero bytes, and each next one to the hash before it', () => {
    const content = Buffer.from(contentHex, 'hex');
    expect(streamChainGenesis.toString('hex')).toBe('00'.repeat(32));
    const first = eventChainHash(streamChainGenesis, content, 1, 'ticket-42');
    expect(first.toString('hex')).toBe(firstLinkHex);
    expect(eventChainHash(first, content, 2, 'ticket-42').toString('hex')).toBe(secondLinkHex);
  });

  it('changes with any one field of the content', () => {
    const digests = [
      event,
      { ...event, type: 'TicketRejected' },
      { ...event, eventId: '3f0c6a8e-5b1d-4c2e-9f7a-0123456789ac' },
      { ...event, data: { ...event.data, b: 2 } },
      { ...event, metadata: { ...event.metadata, userId: 8 } },
    ].map((content) => eventContentHash(content).toString('hex'));
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('refuses a number JSON cannot hold rather than hashing what would be stored as null', () => {
    expect(() => eventContentHash({ ...event, data: { weight: Number.NaN } })).toThrow('NaN is not allowed');
  });
});
