import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';

// Numbers beyond PostgreSQL's integer range (2^31 − 1) are refused with a 4xx, never a 500 or a stuck projection.
const kit = useTicketPortal();
const huge = 99_999_999_999;

describe('ids and ticket numbers beyond the integer range', () => {
  let ticket: Ticket;
  beforeAll(async () => {
    [ticket] = (await kit.fresh()) as [Ticket];
  });

  it('GET /api/ticket/{huge id} and its hash link answer 400, not 500', async () => {
    expect((await kit.call('GET', `/api/ticket/${huge}`)).statusCode).toBe(400);
    const anonymous = await kit.portal.app.inject({
      method: 'GET',
      url: `/api/ticket/${huge}/${'a'.repeat(22)}`,
    });
    expect(anonymous.statusCode).toBe(400);
  });

  it('searching for a ticket number beyond the range answers a 4xx, not 500', async () => {
    const response = await kit.call('POST', '/api/ticket/search', { ticketNumber: String(huge) });
    expect(response.statusCode).toBeLessThan(500);
  });

  // Were such a number stored, the tickets projection could never apply the event and would retry forever.
  it('a save with a soilFLOTicketId beyond the range is refused, instead of poisoning the tickets projection', async () => {
    const response = await kit.call('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, soilFLOTicketId: huge },
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
