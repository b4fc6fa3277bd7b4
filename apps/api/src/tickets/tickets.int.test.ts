import { runToEnd, useTestPortal } from '@portal/api/test/portal';
import type { Ticket } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal();
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = ctx.admin,
) => ctx.portal.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const byNumber = async (ticketNumber: number): Promise<Ticket> => {
  const [ticket] = (await call('POST', '/api/ticket/search', { ticketNumber: String(ticketNumber) })).json<
    Ticket[]
  >();
  if (!ticket) throw new Error(`no ticket ${ticketNumber}`);
  return ticket;
};

describe('ticket lifecycle through the API', () => {
  it('generates a range once; a repeat reports the existing numbers and creates none', async () => {
    const generate = (from: number, to: number) =>
      runToEnd(ctx.portal, ctx.admin, { method: 'POST', url: '/api/ticket/generate', payload: { from, to } });
    const first = await generate(1, 5);
    expect(first).toMatchObject({ kind: 'generate', state: 'completed', total: 5, done: 5 });
    expect(first.result).toEqual({ success: true, tickets: [1, 2, 3, 4, 5], error: null });
    const again = await generate(4, 6);
    expect(again.result).toEqual({
      success: false,
      tickets: [6],
      error: 'Tickets 4, 5 already exist and were not generated again.',
    });
    expect(
      (await call('POST', '/api/ticket/search', { jobSite: '' })).json<Ticket[]>().map((t) => t.ticketNumber),
    ).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('20 concurrent receives of one ticket yield exactly one receipt and no 5xx', async () => {
    const ticket = await byNumber(1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'dashboard' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(
      new Set(['This ticket has already been received.']),
    );
    const received = await byNumber(1);
    expect(received).toMatchObject({ isReceived: true, timeLoaded: null });
    const log = (await call('GET', `/api/ticket/logs/${ticket.id}`)).json<{ eventType: string }[]>();
    expect(log.filter((e) => e.eventType === 'TicketReceived')).toHaveLength(1);
  });

  it('saves the short form with the plate upper-cased, and the full form with the spec messages', async () => {
    const ticket = await byNumber(2);
    const short = await call('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, truckLicensePlate: 'ab12345', jobSite: 'North pit' },
    });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toMatchObject({
      truckLicensePlate: 'AB12345',
      jobSite: 'North pit',
      isComplete: false,
    });
    const full = await call('PUT', '/api/ticket/edit', { ticket: { id: ticket.id } });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('Site contact is required');
  });
});

describe('ticket references', () => {
  it('refuses a save naming a truck, company or material that does not exist, saving nothing', async () => {
    const ticket = await byNumber(3);
    const response = await call('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, truckId: 99999, contractorCompanyId: 88888, materialId: 77777 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      contractorCompanyId: 'Contractor company not found.',
      truckId: 'Truck not found.',
      materialId: 'Material not found.',
    });
    expect((await byNumber(3)).version).toBe(ticket.version);
  });
});
