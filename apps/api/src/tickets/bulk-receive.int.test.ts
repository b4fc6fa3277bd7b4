import { type Headers, runToEnd, useTestPortal } from '@portal/api/test/portal';
import type { BulkReceiveAnswer, Ticket } from '@portal/contract';
import { ticketRangeMessages } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';

// POST /api/ticket/bulk/receive (docs/rules.md, "Ticket numbers") on a real portal and PostgreSQL.
// The tests run in order on one portal; each uses its own ticket numbers, the prefix test comes last.

// The range messages are the domain's, whose unit test holds them to the spec's words.
const messages = { ...ticketRangeMessages, forbidden: 'You do not have permission to do this.' } as const;

const ctx = useTestPortal({ standardUser: true });
let adminId: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Headers = ctx.admin) =>
  ctx.portal.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
};

const bulkReceive = (payload: object, headers: Headers = ctx.admin) =>
  call(
    'POST',
    '/api/ticket/bulk/receive',
    { loggedInUserId: adminId, forceReceive: false, ...payload },
    headers,
  );

/** Starts a bulk receive and waits for its run: its answer, {success, fail, results}. */
/** A bulk receive's answer: how many chips succeeded and failed, and each chip. */
const answer = (success: number, fail: number, results: BulkReceiveAnswer['results']) => ({
  success,
  fail,
  results,
});
/** One chip of the answer: its range, whether it succeeded, and what it says when it says anything. */
const chip = (key: string, value: 'success' | 'failed', message?: string) =>
  message === undefined ? { key, value } : { key, value, message };

const bulkReceived = async (payload: object): Promise<BulkReceiveAnswer> =>
  (
    await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/bulk/receive',
      payload: { loggedInUserId: adminId, forceReceive: false, ...payload },
    })
  ).result as BulkReceiveAnswer;

/** Every ticket of [from, to], all prefixes, in number order. */
const numbered = (from: number, to: number) => ok<Ticket[]>('POST', '/api/ticket/report', { from, to });

/** Generates [from, to] under the current prefix and waits until the read model shows them. */
async function generate(from: number, to: number, prefix = 0): Promise<Ticket[]> {
  const run = await runToEnd(ctx.portal, ctx.admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from, to, isSoilFLOTicket: false, email: null },
  });
  const generated = run.result as { tickets: number[] };
  expect(generated.tickets).toHaveLength(to - from + 1);
  const ours = async () => (await numbered(from, to)).filter((t) => t.prefix === prefix);
  // A loop, not expect.poll, which vitest allows only inside tests (this also runs in beforeAll).
  const deadline = Date.now() + 20_000;
  let tickets = await ours();
  while (tickets.length < to - from + 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    tickets = await ours();
  }
  expect(tickets.map((t) => t.ticketNumber)).toEqual(generated.tickets);
  return tickets;
}

const receivedNumbers = async (from: number, to: number, prefix = 0) =>
  (await numbered(from, to)).filter((t) => t.prefix === prefix && t.isReceived).map((t) => t.ticketNumber);

const receiptsIn = async (ticketId: number) =>
  (await ok<{ eventType: string }[]>('GET', `/api/ticket/logs/${ticketId}`)).filter(
    (entry) => entry.eventType === 'TicketReceived',
  ).length;

beforeAll(async () => {
  const [ticket] = await generate(999_000, 999_000);
  if (!ticket) throw new Error('no ticket');
  const received = await ok<Ticket>('PUT', '/api/ticket/receive', {
    ticketId: ticket.id,
    source: 'dashboard',
  });
  adminId = received.userId ?? 0;
  expect(adminId).toBeGreaterThan(0);
});

describe('an invalid entry: 400 with the spec message, nothing received', () => {
  it.each([
    ['', messages.format],
    ['   ', messages.format],
    ['1,,2', messages.format],
    ['1,', messages.format],
    ['a-b', messages.format],
    ['1-2-3', messages.format],
    ['-1', messages.format],
    ['1.5', messages.format],
    ['3-1', messages.endBeforeStart],
    ['1-101', messages.tooLarge],
    ['1-2,5-500', messages.tooLarge],
    ['1000000', messages.maxNumber],
    ['1-3,999999999999999999999', messages.maxNumber],
  ])('%j: %s', async (ticketRange, message) => {
    const before = await numbered(1, 999_999);
    const response = await bulkReceive({ ticketRange });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message, errors: { ticketRange: message } });
    expect(await numbered(1, 999_999)).toEqual(before);
  });

  it('an entry of more than 2000 tickets in all is refused before anything is queued (issue 32, M5)', async () => {
    const before = await numbered(1, 999_999);
    for (const ticketRange of [
      Array.from({ length: 100_000 }, (_, i) => String(i + 1)).join(','),
      Array.from({ length: 21 }, (_, i) => `${i * 100 + 1}-${i * 100 + 100}`).join(','),
    ]) {
      const response = await bulkReceive({ ticketRange }, { ...ctx.admin, prefer: 'respond-async' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: messages.tooManyTickets,
        errors: { ticketRange: messages.tooManyTickets },
      });
    }
    expect(await numbered(1, 999_999)).toEqual(before);
  });

  it('a missing or non-text entry is a format error', async () => {
    for (const payload of [
      {},
      { ticketRange: null },
      { ticketRange: ['1-3'] },
      { ticketRange: { from: 1 } },
    ]) {
      const response = await call('POST', '/api/ticket/bulk/receive', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(messages.format);
    }
  });

  it('an invalid entry changes nothing even when its first range would be valid', async () => {
    const tickets = await generate(1, 6);
    const response = await bulkReceive({ ticketRange: '1-3,5-1', forceReceive: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.endBeforeStart);
    expect(await numbered(1, 6)).toEqual(tickets);
  });
});

describe('receiving ranges', () => {
  it("'1-3,5' receives exactly tickets 1, 2, 3 and 5, as dashboard receipts, in 2 chips", async () => {
    const response = await bulkReceived({ ticketRange: '1-3,5' });
    expect(response).toEqual(answer(2, 0, [chip('1-3', 'success'), chip('5', 'success')]));
    expect(await receivedNumbers(1, 6)).toEqual([1, 2, 3, 5]);
    for (const ticket of (await numbered(1, 6)).filter((t) => t.isReceived)) {
      // As on the dashboard, timeLoaded is cleared and userId is the current user.
      expect(ticket).toMatchObject({ timeLoaded: null, userId: adminId });
      expect(ticket.timeReceived).not.toBeNull();
      expect(await receiptsIn(ticket.id)).toBe(1);
    }
  });

  it("accepts the entry with spaces around numbers and separators, and '1,2,3' as three chips", async () => {
    await generate(40, 49);
    const spaced = await bulkReceived({ ticketRange: ' 40 - 42 , 44 ' });
    expect(spaced).toEqual(answer(2, 0, [chip('40-42', 'success'), chip('44', 'success')]));
    const listed = await bulkReceived({ ticketRange: '45,46,47' });
    expect(listed.results.map((chip) => [chip.key, chip.value])).toEqual([
      ['45', 'success'],
      ['46', 'success'],
      ['47', 'success'],
    ]);
    expect(await receivedNumbers(40, 49)).toEqual([40, 41, 42, 44, 45, 46, 47]);
  });

  it('a range of 100 numbers (1-100 style, 99 apart) is received whole', async () => {
    await generate(1_000, 1_099);
    const response = await bulkReceived({ ticketRange: '1000-1099' });
    expect(response).toEqual(answer(1, 0, [chip('1000-1099', 'success')]));
    expect(await receivedNumbers(1_000, 1_099)).toHaveLength(100);
  });

  it('a range containing an already-received ticket fails, naming it; the others are received', async () => {
    const tickets = await generate(10, 13);
    const eleven = tickets.find((t) => t.ticketNumber === 11);
    if (!eleven) throw new Error('no ticket 11');
    await ok('PUT', '/api/ticket/receive', { ticketId: eleven.id, source: 'dashboard' });

    const response = await bulkReceived({ ticketRange: '10-13' });
    expect(response).toEqual(answer(0, 1, [chip('10-13', 'failed', 'already received: 11')]));
    expect(await receivedNumbers(10, 13)).toEqual([10, 11, 12, 13]);
    expect(await receiptsIn(eleven.id)).toBe(1);
  });

  it('with Force Receive the same kind of range counts as accepted; the message still names what was skipped', async () => {
    const tickets = await generate(20, 23);
    const twentyOne = tickets.find((t) => t.ticketNumber === 21);
    if (!twentyOne) throw new Error('no ticket 21');
    await ok('PUT', '/api/ticket/receive', { ticketId: twentyOne.id, source: 'dashboard' });

    const response = await bulkReceived({ ticketRange: '20-23,25', forceReceive: true });
    expect(response).toEqual(
      answer(2, 0, [
        chip('20-23', 'success', 'already received: 21'),
        chip('25', 'success', 'does not exist: 25'),
      ]),
    );
    expect(await receivedNumbers(20, 25)).toEqual([20, 21, 22, 23]);
    expect(await receiptsIn(twentyOne.id)).toBe(1);
  });

  it('numbers that do not exist fail their range; the chips of other ranges are unaffected', async () => {
    await generate(30, 31);
    const response = await bulkReceived({ ticketRange: '30-33,31,34' });
    expect(response).toEqual(
      answer(0, 3, [
        chip('30-33', 'failed', 'does not exist: 32, 33'),
        // Already received by the first range of the same entry: reported, not doubled.
        chip('31', 'failed', 'already received: 31'),
        chip('34', 'failed', 'does not exist: 34'),
      ]),
    );
    expect(await receivedNumbers(30, 34)).toEqual([30, 31]);
  });

  it('a range mixing received and missing tickets names both', async () => {
    await generate(60, 62);
    await bulkReceived({ ticketRange: '61' });
    const response = await bulkReceived({ ticketRange: '59-63' });
    expect(response.results).toEqual([
      { key: '59-63', value: 'failed', message: 'does not exist: 59, 63; already received: 61' },
    ]);
    expect(await receivedNumbers(59, 63)).toEqual([60, 61, 62]);
  });
});

describe('retries', () => {
  it('retrying the same request receives nothing twice: one TicketReceived per ticket', async () => {
    const tickets = await generate(70, 75);
    const request = { ticketRange: '70-72,74' };
    const first = await bulkReceived(request);
    expect(first).toMatchObject({ success: 2, fail: 0 });
    const after = await numbered(70, 75);

    const retry = await bulkReceived(request);
    expect(retry).toEqual(
      answer(0, 2, [
        chip('70-72', 'failed', 'already received: 70, 71, 72'),
        chip('74', 'failed', 'already received: 74'),
      ]),
    );
    // Nothing changed on the retry, not even a version.
    expect(await numbered(70, 75)).toEqual(after);
    for (const ticket of tickets) {
      expect(await receiptsIn(ticket.id)).toBe([73, 75].includes(ticket.ticketNumber) ? 0 : 1);
    }
  });

  it('the same request sent 4 times at once receives each ticket exactly once', async () => {
    const tickets = await generate(80, 89);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => bulkReceived({ ticketRange: '80-89' })),
    );
    expect(await receivedNumbers(80, 89)).toEqual([80, 81, 82, 83, 84, 85, 86, 87, 88, 89]);
    for (const ticket of tickets) expect(await receiptsIn(ticket.id)).toBe(1);
    // Every ticket was received by exactly one of the requests; the others report it.
    const reported = responses.map((r) => r.results[0]?.message ?? '');
    for (const n of tickets.map((t) => t.ticketNumber)) {
      const mentions = reported.filter((m) =>
        [...m.matchAll(/\d+/g)].some(([digits]) => digits === String(n)),
      ).length;
      expect(mentions, `ticket ${n}`).toBe(3);
    }
  });
});

describe('access', () => {
  it('is refused to standard users (403), receiving nothing', async () => {
    const tickets = await generate(90, 92);
    const response = await bulkReceive({ ticketRange: '90-92' }, ctx.standard);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden });
    expect(await numbered(90, 92)).toEqual(tickets);
    // An invalid entry from a standard user is refused for the role, not parsed.
    expect((await bulkReceive({ ticketRange: 'x' }, ctx.standard)).statusCode).toBe(403);
  });

  it('needs a token (401)', async () => {
    expect((await bulkReceive({ ticketRange: '90' }, {})).statusCode).toBe(401);
    expect(await receivedNumbers(90, 92)).toEqual([]);
  });
});

describe('prefixes', () => {
  it('receives only the tickets of the current prefix', async () => {
    const current = await ok<Record<string, unknown>>('GET', '/api/setting');
    await ok('PUT', '/api/setting', { ...current, currentPrefix: 1 });
    await generate(4, 6, 1);
    const prefixZero = (await numbered(4, 6)).filter((t) => t.prefix === 0);

    expect(await bulkReceived({ ticketRange: '4,6' })).toMatchObject({ success: 2, fail: 0 });
    expect(await receivedNumbers(4, 6, 1)).toEqual([4, 6]);
    expect((await numbered(4, 6)).filter((t) => t.prefix === 0)).toEqual(prefixZero);
    expect(prefixZero.map((t) => [t.ticketNumber, t.isReceived])).toEqual([
      [4, false],
      [5, true],
      [6, false],
    ]);
    // Ticket 1 exists (and is received) under prefix 0 only.
    expect((await bulkReceived({ ticketRange: '1' })).results).toEqual([
      { key: '1', value: 'failed', message: 'does not exist: 1' },
    ]);
  });
});
