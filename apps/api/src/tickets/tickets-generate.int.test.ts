import { runToEnd } from '@portal/api/test/portal';
import { expectInvalid, messages, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { describe, expect, it } from 'vitest';

// POST /api/ticket/generate (docs/rules.md, "Ticket numbers"; docs/api-tickets.md).
const kit = useTicketPortal({ standardUser: true });

const generate = (body: object, headers = kit.admin) =>
  kit.call('POST', '/api/ticket/generate', body, headers);
/** Starts a generation (202) and waits for its run; answers the run's {success, tickets, error}. */
const generated = async (body: object) =>
  (await runToEnd(kit.portal, kit.admin, { method: 'POST', url: '/api/ticket/generate', payload: body }))
    .result as { success: boolean; tickets: number[]; error: string | null };
const numbered = async (from: number, to: number): Promise<Ticket[]> => {
  await kit.settle();
  const response = await kit.call('POST', '/api/ticket/report', { from, to });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Ticket[]>();
};
const allTickets = async () => numbered(1, 999_999);
const setPrefix = async (currentPrefix: number) => {
  const current = (await kit.call('GET', '/api/setting')).json<Record<string, unknown>>();
  const response = await kit.call('PUT', '/api/setting', { ...current, currentPrefix });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ currentPrefix });
};

const required = {
  from: 'From ticket number is required',
  to: 'To ticket number is required',
};
const maxNumber = 'Max ticket number is 999999';
const tooMany = 'Generate tickets failed. You can only generate max 2000 tickets at a time.';

// The tests run in order: validation first (on an empty ticket table), then prefix 0, then prefix 1.
describe('refused generate calls (400, nothing generated)', () => {
  it.each([
    [{ to: 5 }, { from: required.from }],
    [{ from: null, to: 5 }, { from: required.from }],
    [{ from: '', to: 5 }, { from: required.from }],
    [{ from: 5 }, { to: required.to }],
    [{ from: 5, to: '' }, { to: required.to }],
    [{}, { from: required.from, to: required.to }],
    [{ from: 999_999, to: 1_000_000 }, { to: maxNumber }],
    [
      { from: 1_000_000, to: 1_000_001 },
      { from: maxNumber, to: maxNumber },
    ],
    [{ from: 0, to: 5 }, { from: 'Ticket number must be greater than 0' }],
  ])('%o → %o', async (body, errors) => {
    expectInvalid(await generate({ isSoilFLOTicket: false, email: null, ...body }), errors);
    expect(await allTickets()).toEqual([]);
  });

  it.each([
    [1, 2001],
    [1, 3000],
    [500_000, 999_999],
  ])('%i to %i: more than 2000 tickets is refused with the spec message', async (from, to) => {
    const response = await generate({ from, to, isSoilFLOTicket: false, email: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(tooMany);
    expect(await allTickets()).toEqual([]);
  });

  it('from after to is refused', async () => {
    const response = await generate({ from: 10, to: 9 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('From ticket number must not be greater than to ticket number');
  });

  it('standard users get 403 and generate nothing', async () => {
    const response = await generate({ from: 1, to: 3, isSoilFLOTicket: false, email: null }, kit.standard);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden });
    expect(await allTickets()).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await generate({ from: 1, to: 3 }, {})).statusCode).toBe(401);
  });
});

describe('generated tickets', () => {
  it('are new, unreceived, incomplete tickets of the current prefix, dated now', async () => {
    const before = Date.now();
    expect(await generated({ from: 1, to: 3, isSoilFLOTicket: false, email: 'me@portal.test' })).toEqual({
      success: true,
      tickets: [1, 2, 3],
      error: null,
    });
    const tickets = await numbered(1, 3);
    expect(tickets.map((t) => [t.prefix, t.ticketNumber])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    for (const ticket of tickets) {
      expect(ticket).toMatchObject({
        isReceived: false,
        isComplete: false,
        isDispatched: false,
        isRejected: false,
        isSoilFLOLoad: false,
        timeLoaded: null,
        timeReceived: null,
        userId: null,
        version: 1,
      });
      expect(Date.parse(ticket.date ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect((await kit.call('GET', `/api/ticket/${ticket.id}`)).json()).toEqual(ticket);
    }
    expect(new Set(tickets.map((t) => t.id)).size).toBe(3);
  });

  it('accept numbers as strings, and isSoilFLOTicket marks SoilFLO loads', async () => {
    expect(await generated({ from: '20', to: '21', isSoilFLOTicket: true, email: null })).toEqual({
      success: true,
      tickets: [20, 21],
      error: null,
    });
    expect((await numbered(20, 21)).map((t) => t.isSoilFLOLoad)).toEqual([true, true]);
  });

  it('split 1001 numbers up to 999999 into chunks of 1000 and 1, each with its own result', async () => {
    const run = await runToEnd(kit.portal, kit.admin, {
      method: 'POST',
      url: '/api/ticket/generate',
      payload: { from: 998_999, to: 999_999, isSoilFLOTicket: false, email: null },
    });
    expect(run).toMatchObject({ state: 'completed', total: 1001, done: 1001 });
    expect(run.chunks.map((chunk) => [chunk.spec, chunk.state])).toEqual([
      [{ from: 998_999, to: 999_998 }, 'completed'],
      [{ from: 999_999, to: 999_999 }, 'completed'],
    ]);
    const body = run.result as { success: boolean; tickets: number[] };
    expect(body.success).toBe(true);
    expect(body.tickets).toHaveLength(1001);
    expect(body.tickets.at(0)).toBe(998_999);
    expect(body.tickets.at(-1)).toBe(999_999);
    await expect.poll(async () => (await numbered(998_999, 999_999)).length, { timeout: 30_000 }).toBe(1001);
  });

  it('never duplicate a number of the same prefix: a repeat reports the existing ones', async () => {
    expect(await generated({ from: 2, to: 4, isSoilFLOTicket: false, email: null })).toEqual({
      success: false,
      tickets: [4],
      error: 'Tickets 2, 3 already exist and were not generated again.',
    });
    expect(await generated({ from: 4, to: 4, isSoilFLOTicket: false, email: null })).toEqual({
      success: false,
      tickets: [],
      error: 'Ticket 4 already exists and was not generated again.',
    });
    expect((await numbered(1, 4)).map((t) => t.ticketNumber)).toEqual([1, 2, 3, 4]);
  });

  it('5 concurrent calls of one range create each number exactly once, with no 5xx', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => generated({ from: 101, to: 150, isSoilFLOTicket: false, email: null })),
    );
    const created = results.flatMap((result) => result.tickets);
    expect(created.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
    const tickets = await numbered(101, 150);
    expect(tickets).toHaveLength(50);
    expect(new Set(tickets.map((t) => t.ticketNumber)).size).toBe(50);
    expect(new Set(tickets.map((t) => t.id)).size).toBe(50);
  });

  it('overlapping concurrent ranges also create each number once', async () => {
    const ranges = [
      [201, 240],
      [220, 260],
      [201, 260],
      [250, 250],
    ] as const;
    const results = await Promise.all(
      ranges.map(([from, to]) => generated({ from, to, isSoilFLOTicket: false, email: null })),
    );
    const created = results.flatMap((result) => result.tickets);
    expect(created.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => 201 + i));
    expect(await numbered(201, 260)).toHaveLength(60);
  });
});

describe('prefixes', () => {
  it('after PUT /api/setting {currentPrefix: 1} the same numbers generate again, as new tickets with prefix 1', async () => {
    const prefixZero = await numbered(1, 3);
    await setPrefix(1);
    expect(await generated({ from: 1, to: 3, isSoilFLOTicket: false, email: null })).toEqual({
      success: true,
      tickets: [1, 2, 3],
      error: null,
    });
    const both = await numbered(1, 3);
    expect(both).toHaveLength(6);
    const prefixOne = both.filter((t) => t.prefix === 1);
    expect(prefixOne.map((t) => t.ticketNumber)).toEqual([1, 2, 3]);
    expect(both.filter((t) => t.prefix === 0)).toEqual(prefixZero);
    expect(new Set(both.map((t) => t.id)).size).toBe(6);
    const search = await kit.call('POST', '/api/ticket/search', { ticketNumber: '2' });
    expect(
      search
        .json<Ticket[]>()
        .map((t) => t.prefix)
        .sort(),
    ).toEqual([0, 1]);
    // Numbers stay unique within prefix 1 as well.
    expect(await generated({ from: 3, to: 5 })).toEqual({
      success: false,
      tickets: [4, 5],
      error: 'Ticket 3 already exists and was not generated again.',
    });
  });

  it('5 concurrent calls of 1-50 under prefix 1 leave exactly 50 prefix-1 tickets 1-50', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => generated({ from: 1, to: 50, isSoilFLOTicket: false, email: null })),
    );
    const created = results.flatMap((result) => result.tickets);
    expect(created.sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => 6 + i));
    const prefixOne = (await numbered(1, 50)).filter((t) => t.prefix === 1);
    expect(prefixOne.map((t) => t.ticketNumber)).toEqual(Array.from({ length: 50 }, (_, i) => 1 + i));
    expect(new Set(prefixOne.map((t) => t.id)).size).toBe(50);
    // Prefix 0 kept its own numbers.
    expect((await numbered(1, 50)).filter((t) => t.prefix === 0).map((t) => t.ticketNumber)).toEqual([
      1, 2, 3, 4, 20, 21,
    ]);
  });
});

describe('uniqueness while other transactions run', () => {
  it('a repeat generation while another transaction is open reports the numbers as existing', async () => {
    const blocker = await kit.portal.infra.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      await generated({ from: 700, to: 702, isSoilFLOTicket: false, email: null });
      expect(await generated({ from: 700, to: 702, isSoilFLOTicket: false, email: null })).toEqual({
        success: false,
        tickets: [],
        error: 'Tickets 700, 701, 702 already exist and were not generated again.',
      });
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
  });
});
