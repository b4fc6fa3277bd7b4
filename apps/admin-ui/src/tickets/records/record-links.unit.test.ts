import { defaultHashQrAboveTicketId } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { dispatchQrUrl, haulageRecordQrUrl, ticketQrCarriesHash, ticketQrUrl } from './record-links';

const origin = 'https://portal.example';

describe('the digital ticket QR codes (hash QR for tickets with id above 10015, now a setting)', () => {
  it("puts no hash in the ticket QR up to the spec's ticket 10015 by default", () => {
    expect(defaultHashQrAboveTicketId).toBe(10015);
    expect(ticketQrCarriesHash(10015, defaultHashQrAboveTicketId)).toBe(false);
    expect(ticketQrUrl(origin, 10015, 'abc', defaultHashQrAboveTicketId)).toBe(
      'https://portal.example/ticket/10015',
    );
    expect(ticketQrUrl(origin, 12, 'abc', defaultHashQrAboveTicketId)).toBe(
      'https://portal.example/ticket/12',
    );
  });

  it('puts the hash in the ticket QR from ticket 10016 on by default', () => {
    expect(ticketQrCarriesHash(10016, defaultHashQrAboveTicketId)).toBe(true);
    expect(ticketQrUrl(origin, 10016, 'a+b/c', defaultHashQrAboveTicketId)).toBe(
      'https://portal.example/ticket/10016?hash=a%2Bb%2Fc',
    );
  });

  it("follows the site's cut-off: with 0, ticket 1's QR carries the hash", () => {
    expect(ticketQrUrl(origin, 1, 'abc', 0)).toBe('https://portal.example/ticket/1?hash=abc');
    expect(ticketQrUrl(origin, 51, 'abc', 50)).toBe('https://portal.example/ticket/51?hash=abc');
    expect(ticketQrUrl(origin, 50, 'abc', 50)).toBe('https://portal.example/ticket/50');
  });

  it('always puts the hash in the haulage record and dispatch QR codes', () => {
    expect(haulageRecordQrUrl(origin, 10015, 'abc')).toBe(
      'https://portal.example/haulage-record/10015?hash=abc',
    );
    expect(haulageRecordQrUrl(origin, 10016, 'abc')).toBe(
      'https://portal.example/haulage-record/10016?hash=abc',
    );
    expect(dispatchQrUrl(origin, 3, 'a+b')).toBe('https://portal.example/truck-dispatch/3?hash=a%2Bb');
  });
});
