import type { Headers } from '@portal/api/test/portal';
import { runToEnd } from '@portal/api/test/portal';
import { at, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { BulkReceiveCheck, DailyCounts, Ticket } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 34, D23: a bulk receive names the tickets never loaded before taking them (POST
// /api/ticket/bulk/receive/check), and their receipts are not counted as loads (the Daily Trucks' Loaded).

const kit = useTicketPortal({ standardUser: true });

const check = (ticketRange: unknown, headers: Headers = kit.admin) =>
  kit.call('POST', '/api/ticket/bulk/receive/check', { ticketRange }, headers);

const dailyCounts = async () => (await kit.call('GET', '/api/ticket/daily/count')).json<DailyCounts>();

/** Six fresh tickets: the first two loaded a minute ago, the third received although never loaded. */
let tickets: Ticket[];
/** Ticket k (1 to 6) of them, by its number. */
const n = (k: number) => (tickets[k - 1] as Ticket).ticketNumber;

beforeAll(async () => {
  tickets = await kit.fresh(6);
  for (const k of [1, 2]) await kit.short((tickets[k - 1] as Ticket).id, { timeLoaded: at(-60_000) });
  await kit.call('PUT', '/api/ticket/receive', { ticketId: (tickets[2] as Ticket).id, source: 'dashboard' });
});

describe('POST /api/ticket/bulk/receive/check', () => {
  it('names what an entry would take: loaded, never loaded, already received and missing tickets; changes nothing', async () => {
    const before = await Promise.all(tickets.map((ticket) => kit.get(ticket.id)));
    const response = await check(`${n(1)}-${n(6)},${n(6) + 50}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkReceiveCheck>()).toEqual({
      loaded: [n(1), n(2)],
      neverLoaded: [n(4), n(5), n(6)],
      alreadyReceived: [n(3)],
      missing: [n(6) + 50],
    });
    expect(await Promise.all(tickets.map((ticket) => kit.get(ticket.id)))).toEqual(before);
  });

  it("refuses a bad entry with the bulk receive's own message, 400", async () => {
    for (const ticketRange of ['3-1', '1-101', { $ne: 1 }, '1;DROP TABLE tickets', null]) {
      const response = await check(ticketRange);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toHaveProperty('ticketRange');
    }
  });

  it('is for administrators only: 403 for a standard user, 401 without a token, 404 through an encoded path', async () => {
    expect((await check(`${n(1)}-${n(6)}`, kit.standard)).statusCode).toBe(403);
    expect((await check(`${n(1)}-${n(6)}`, {})).statusCode).toBe(401);
    const encoded = await kit.call('POST', '/api/ticket/bulk/receive%2Fcheck', { ticketRange: `${n(1)}` });
    expect(encoded.statusCode).toBe(404);
  });
});

describe('the Daily Trucks after a bulk receive of loaded and never-loaded tickets', () => {
  it('counts the never-loaded receipts as received, on their own, never as Loaded', async () => {
    const before = await dailyCounts();
    // Ticket 3's receipt, earlier, was already one without a load.
    expect(before.receivedWithoutLoadCountForToday).toBe(1);
    await runToEnd(kit.portal, kit.admin, {
      method: 'POST',
      url: '/api/ticket/bulk/receive',
      payload: { ticketRange: `${n(1)}-${n(2)},${n(4)}`, forceReceive: false },
    });
    const after = await dailyCounts();
    expect(after.receivedTicketCountForToday).toBe(before.receivedTicketCountForToday + 3);
    expect(after.receivedWithoutLoadCountForToday).toBe(2);
    // Tickets 1 and 2 were Active loads and are now received ones; 4 adds no load.
    expect(after.loadedTicketCountForToday).toBe(before.loadedTicketCountForToday);
    expect(after.activeTicketCountForToday).toBe(before.activeTicketCountForToday - 2);
    const loadedList = (await kit.call('GET', '/api/ticket/daily/loaded')).json<Ticket[]>();
    expect(loadedList).toHaveLength(after.loadedTicketCountForToday);
    expect(loadedList.map((ticket) => ticket.ticketNumber)).not.toContain(n(4));
  });
});
