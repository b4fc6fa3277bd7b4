import { beforeAll, describe, expect, it } from 'vitest';
import { type Ticket, useTicketPortal } from './ticket-test-kit';

// Numbers beyond PostgreSQL's integer range (2^31 − 1). Known bugs, pinned with it.fails until fixed.
const kit = useTicketPortal();
const huge = 99_999_999_999;

describe('ids and ticket numbers beyond the integer range', () => {
  let ticket: Ticket;
  beforeAll(async () => {
    [ticket] = (await kit.fresh()) as [Ticket];
  });

  it.fails('BUG: GET /api/ticket/{huge id} and its hash link answer 500 instead of 404', async () => {
    expect((await kit.call('GET', `/api/ticket/${huge}`)).statusCode).toBe(404);
    const anonymous = await kit.portal.app.inject({
      method: 'GET',
      url: `/api/ticket/${huge}/${'a'.repeat(22)}`,
    });
    expect(anonymous.statusCode).toBe(404);
  });

  it.fails('BUG: searching for a ticket number beyond the range answers 500 instead of no tickets', async () => {
    const response = await kit.call('POST', '/api/ticket/search', { ticketNumber: String(huge) });
    expect(response.statusCode).toBeLessThan(500);
  });

  // Keep last: with the bug the event is stored, the tickets projection can never apply it and retries
  // forever, so every later ticket write in this portal waits 5 s and answers stale data.
  it.fails('BUG: a save with a soilFLOTicketId beyond the range is refused, instead of poisoning the tickets projection', async () => {
    const response = await kit.call('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, soilFLOTicketId: huge },
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
