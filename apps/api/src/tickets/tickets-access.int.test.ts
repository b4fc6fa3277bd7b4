import { at, messages, type Named, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';

// The roles (docs/rules.md, "Roles") and the contract's "Who" column, enforced by the server.
const kit = useTicketPortal({ standardUser: true, companies: true });

let material: Named;
beforeAll(async () => {
  material = await kit.material('Clean fill');
});
const one = async (): Promise<Ticket> => {
  const [ticket] = await kit.fresh();
  if (!ticket) throw new Error('no ticket');
  return ticket;
};

describe('standard users may', () => {
  it('search, read, get the hash link and read the log', async () => {
    const ticket = await one();
    const search = await kit.call(
      'POST',
      '/api/ticket/search',
      { ticketNumber: ticket.ticketNumber },
      kit.standard,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json<Ticket[]>().map((t) => t.id)).toEqual([ticket.id]);
    expect((await kit.call('GET', `/api/ticket/${ticket.id}`, undefined, kit.standard)).statusCode).toBe(200);
    expect((await kit.call('GET', `/api/ticket/${ticket.id}/hash`, undefined, kit.standard)).statusCode).toBe(
      200,
    );
    expect((await kit.call('GET', `/api/ticket/logs/${ticket.id}`, undefined, kit.standard)).statusCode).toBe(
      200,
    );
    for (const url of ['/api/ticket/daily/count', '/api/ticket/daily/loaded', '/api/ticket/latest/active'])
      expect((await kit.call('GET', url, undefined, kit.standard)).statusCode).toBe(200);
  });

  it('save an unreceived ticket on the full and the short form', async () => {
    const ticket = await one();
    const full = await kit.full(ticket.id, kit.completeForm(kit.companyIds()), kit.standard);
    expect(full.isComplete).toBe(true);
    const short = await kit.short(ticket.id, { notes: 'Standard note' }, kit.standard);
    expect(short.notes).toBe('Standard note');
  });

  it('receive, toggle the dispatch lock and weigh in', async () => {
    const [toReceive, toToggle, toWeigh] = await kit.fresh(3);
    if (!toReceive || !toToggle || !toWeigh) throw new Error('no tickets');
    const received = await kit.receive(toReceive.id, 'dashboard', kit.standard);
    expect(received.userId).toBe(kit.standardUserId);

    await kit.short(toToggle.id, { timeLoaded: at() }, kit.standard);
    const toggled = await kit.call(
      'PUT',
      '/api/ticket/toggle/dispatch',
      { ticket: { id: toToggle.id } },
      kit.standard,
    );
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json<Ticket>().isDispatched).toBe(true);

    const weighed = await kit.call(
      'PUT',
      '/api/ticket/weigh',
      { ticketId: toWeigh.id, materialId: material.id, weight: 25000 },
      kit.standard,
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>()).toMatchObject({ isReceived: true, weight: 25000 });
  });
});

describe('standard users get 403', () => {
  let received: Ticket;
  let open: Ticket;
  let logEntryId: number;
  beforeAll(async () => {
    [received, open] = (await kit.fresh(2)) as [Ticket, Ticket];
    await kit.short(received.id, { jobSite: 'Received Site' });
    await kit.call('PUT', '/api/ticket/receive', { ticketId: received.id, source: 'dashboard' });
    received = await kit.get(received.id);
    await kit.short(open.id, { jobSite: 'Open Site' });
    open = await kit.get(open.id);
    logEntryId = (await kit.logs(open.id))[0]?.id ?? 0;
  });

  it.each([
    ['generate', () => ['POST', '/api/ticket/generate', { from: 900, to: 901, isSoilFLOTicket: false }]],
    ['bulk check', () => ['POST', '/api/ticket/bulk/check', { from: open.ticketNumber, jobSite: 'X' }]],
    ['bulk update', () => ['POST', '/api/ticket/bulk', { from: open.ticketNumber, jobSite: 'X' }]],
    [
      'bulk clear check',
      () => ['POST', '/api/ticket/bulk/clear/check', { from: open.ticketNumber, clearAll: true }],
    ],
    ['bulk clear', () => ['POST', '/api/ticket/bulk/clear', { from: open.ticketNumber, clearAll: true }]],
    ['bulk receive', () => ['POST', '/api/ticket/bulk/receive', { ticketRange: String(open.ticketNumber) }]],
    ['job', () => ['GET', '/api/job/00000000-0000-0000-0000-000000000000']],
    ['reset', () => ['PUT', '/api/ticket/reset', { ticket: { id: received.id } }]],
    ['reject', () => ['POST', '/api/ticket/reject', { ticketId: open.id, reason: 'No' }]],
    ['restore', () => ['POST', '/api/ticket/restore', { logEntryId }]],
    ['delete', () => ['DELETE', `/api/ticket/${open.id}`]],
    ['report', () => ['POST', '/api/ticket/report', {}]],
    ['history', () => ['GET', `/api/ticket/${open.id}/history`]],
  ] as const)('on %s, and nothing changes', async (_, request) => {
    const [method, url, payload] = request() as [
      'GET' | 'POST' | 'PUT' | 'DELETE',
      string,
      object | undefined,
    ];
    const response = await kit.call(method, url, payload, kit.standard);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden });
    expect(await kit.get(received.id)).toEqual(received);
    expect(await kit.get(open.id)).toEqual(open);
    const numbers = await kit.call('POST', '/api/ticket/search', { ticketNumber: '900' });
    expect(numbers.json()).toEqual([]);
  });

  it("with 'Standard users cannot edit received tickets.' on saving a received ticket; an administrator can", async () => {
    for (const [url, ticket] of [
      ['/api/ticket/edit', { ...received, ...kit.completeForm(kit.companyIds()) }],
      ['/api/ticket/edit/short', { id: received.id, notes: 'Changed' }],
    ] as const) {
      const response = await kit.call('PUT', url, { ticket, loggedInUserId: 1 }, kit.standard);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: messages.receivedLocked });
    }
    expect(await kit.get(received.id)).toEqual(received);

    const byAdmin = await kit.short(received.id, { notes: 'Changed by admin' });
    expect(byAdmin).toMatchObject({ notes: 'Changed by admin', isReceived: true });
    const fullByAdmin = await kit.full(received.id, { ...byAdmin, ...kit.completeForm(kit.companyIds()) });
    expect(fullByAdmin.isReceived).toBe(true);
  });
});
