import { describe, expect, it } from 'vitest';
import {
  haulageRecordQrUrl,
  LAST_TICKET_ID_WITHOUT_HASH_QR,
  ticketQrCarriesHash,
  ticketQrUrl,
} from './record-links';

const origin = 'https://portal.example';

describe('the digital ticket QR codes (spec section 9: hash QR for tickets with id above 10015)', () => {
  it('puts no hash in the ticket QR up to ticket 10015', () => {
    expect(LAST_TICKET_ID_WITHOUT_HASH_QR).toBe(10015);
    expect(ticketQrCarriesHash(10015)).toBe(false);
    expect(ticketQrUrl(origin, 10015, 'abc')).toBe('https://portal.example/ticket/10015');
    expect(ticketQrUrl(origin, 12, 'abc')).toBe('https://portal.example/ticket/12');
  });

  it('puts the hash in the ticket QR from ticket 10016 on', () => {
    expect(ticketQrCarriesHash(10016)).toBe(true);
    expect(ticketQrUrl(origin, 10016, 'a+b/c')).toBe('https://portal.example/ticket/10016?hash=a%2Bb%2Fc');
  });

  it('always puts the hash in the haulage record QR', () => {
    expect(haulageRecordQrUrl(origin, 10015, 'abc')).toBe(
      'https://portal.example/haulage-record/10015?hash=abc',
    );
    expect(haulageRecordQrUrl(origin, 10016, 'abc')).toBe(
      'https://portal.example/haulage-record/10016?hash=abc',
    );
  });
});
