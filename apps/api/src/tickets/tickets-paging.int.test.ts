import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket, TicketPage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteDate } from '../site-time';

// Issue 16: the lists page on the server, with totals, beside the spec's whole-list answers.
const kit = useTicketPortal();

const numbers = (tickets: Ticket[]) => tickets.map((ticket) => ticket.ticketNumber);
const searchPage = async (query: string, filter: object = {}) => {
  const response = await kit.call('POST', `/api/ticket/search/page${query}`, filter);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TicketPage>();
};

let generated: Ticket[];
beforeAll(async () => {
  generated = await kit.fresh(1120);
  // 60 of them loaded today, a second apart before one moment: newest loaded first. All must fall in the site's
  // day: run in the minute after the site's midnight (it failed at 00:15 with a minute apart), the test waits.
  const { siteTimezone } = kit.portal.config;
  while (siteDate(siteTimezone, new Date(Date.now() - 90_000)) !== siteDate(siteTimezone))
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  const loadedBefore = Date.now();
  for (const [index, ticket] of generated.slice(0, 60).entries())
    await kit.short(ticket.id, { timeLoaded: new Date(loadedBefore - (index + 1) * 1_000).toISOString() });
});

describe('POST /api/ticket/search/page', () => {
  it('pages through every match, past the 1,000 the spec route answers, with the total', async () => {
    const all = numbers(generated).sort((a, b) => b - a);
    expect((await kit.call('POST', '/api/ticket/search', {})).json<Ticket[]>()).toHaveLength(1000);

    const first = await searchPage('');
    expect(first.total).toBe(1120);
    expect(numbers(first.tickets)).toEqual(all.slice(0, 50));

    const last = await searchPage('?page=6&perPage=200');
    expect(last.total).toBe(1120);
    expect(numbers(last.tickets)).toEqual(all.slice(1000, 1120));
    expect((await searchPage('?page=7&perPage=200')).tickets).toEqual([]);
  });

  it('orders by a chosen column, the filter narrowing the total', async () => {
    const [lowest] = numbers(generated).sort((a, b) => a - b);
    const ascending = await searchPage('?perPage=100&sort=ticketNumber&order=ASC');
    expect(numbers(ascending.tickets)[0]).toBe(lowest);
    expect(numbers(ascending.tickets)).toEqual([...numbers(ascending.tickets)].sort((a, b) => a - b));

    const one = await searchPage('', { ticketNumber: String(lowest) });
    expect(one).toMatchObject({ total: 1, tickets: [expect.objectContaining({ ticketNumber: lowest })] });
    expect(await searchPage('', { jobSite: 'no such site anywhere' })).toEqual({ tickets: [], total: 0 });
  });

  it.each([
    ['?perPage=30', 'a page size the table does not offer'],
    ['?page=0', 'a page before the first'],
    ['?sort=notes', 'a column the table does not sort by'],
    ['?order=sideways', 'an unknown order'],
  ])('refuses %s (%s) with 400', async (query) => {
    expect((await kit.call('POST', `/api/ticket/search/page${query}`, {})).statusCode).toBe(400);
  });

  it('keeps the search filter’s own messages', async () => {
    const response = await kit.call('POST', '/api/ticket/search/page', { ticketNumber: '12a' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Ticket must be a number' });
  });
});

describe('GET /api/ticket/latest/active, a page at a time', () => {
  type Latest = { tickets: Ticket[]; total?: number; activeTicketCountForToday: number };
  const latest = async (query: string) => {
    const response = await kit.call('GET', `/api/ticket/latest/active${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Latest>();
  };

  it('without paging answers the whole list and no total, as the spec does', async () => {
    const whole = await latest('');
    expect(whole.tickets).toHaveLength(60);
    expect(whole).not.toHaveProperty('total');
  });

  it('answers the page asked for and the day’s Active count as its total', async () => {
    const whole = await latest('');
    const second = await latest('?page=2&perPage=50');
    expect(second.total).toBe(60);
    expect(second.activeTicketCountForToday).toBe(60);
    expect(second.tickets.map((t) => t.id)).toEqual(whole.tickets.slice(50).map((t) => t.id));

    const oldestFirst = await latest('?perPage=50&sort=timeLoaded&order=ASC');
    expect(oldestFirst.tickets[0]?.id).toBe(whole.tickets.at(-1)?.id);
    expect((await latest('?filter=received&page=1')).total).toBe(0);
  });
});

describe('GET /api/ticket/daily/loaded and /received, a page at a time', () => {
  const daily = async (which: 'loaded' | 'received', query = '') => {
    const response = await kit.call('GET', `/api/ticket/daily/${which}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    // 3 of the 60 loaded today received since.
    for (const ticket of generated.slice(0, 3))
      await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'ticket' });
  });

  it('without paging answer the whole list, as the spec does; with it, the page and the day’s count', async () => {
    const loaded = (await daily('loaded')) as Ticket[];
    expect(loaded).toHaveLength(60);
    const second = (await daily('loaded', '?page=2&perPage=50')) as TicketPage;
    expect(second.total).toBe(60);
    expect(second.tickets.map((t) => t.id)).toEqual(loaded.slice(50).map((t) => t.id));

    const received = (await daily('received')) as Ticket[];
    expect(received).toHaveLength(3);
    const receivedPage = (await daily('received', '?perPage=50&sort=ticketNumber&order=ASC')) as TicketPage;
    expect(receivedPage.total).toBe(3);
    expect(numbers(receivedPage.tickets)).toEqual(numbers(received).sort((a, b) => a - b));
  });

  it('refuses a page size the table does not offer with 400', async () => {
    expect((await kit.call('GET', '/api/ticket/daily/loaded?perPage=30')).statusCode).toBe(400);
  });
});
