import { respondAsync, runToEnd } from '@portal/api/test/portal';
import { type Named, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { BulkCheck, RunView, Ticket } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';

// The Update and Clear tabs' calls (docs/rules.md, "Ticket numbers"): bulk/check, bulk, bulk/clear/check,
// bulk/clear, on a real portal whose runs go through real queues (BullMQ on PostgreSQL).
const kit = useTicketPortal({ standardUser: true });

const messages = {
  fromRequired: 'Please enter a from ticket number',
  fromNotNumber: 'From number must be a number',
  minNumber: 'Ticket number must be greater than 0',
  allReceived: "Your selected tickets have been received. No ticket's are available for bulk update.",
  noConflicts: "No ticket conflict's were found.",
  nothingToClear: 'Choose at least one field to clear.',
  nothingToUpdate: 'Choose at least one field to update.',
  conflictSkipped: 'already has other values (use Force Update to overwrite)',
  received: 'already received',
} as const;

let contractor: Named;
let otherContractor: Named;
let siteContact: { id: number };
beforeAll(async () => {
  contractor = await kit.contractor('Bulk Builders');
  otherContractor = await kit.contractor('Other Builders');
  const created = await kit.call('POST', '/api/contractorcontact/new', {
    contractorCompanyId: contractor.id,
    contractorContact: { name: 'Sue Site', number: '(416)555-0101', isSiteContact: true },
  });
  expect(created.statusCode, created.body).toBe(200);
  siteContact = created.json<{ id: number }>();
});

const check = async (url: '/api/ticket/bulk/check' | '/api/ticket/bulk/clear/check', payload: object) => {
  const response = await kit.call('POST', url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BulkCheck>();
};
const run = (url: '/api/ticket/bulk' | '/api/ticket/bulk/clear', payload: object): Promise<RunView> =>
  runToEnd(kit.portal, kit.admin, { method: 'POST', url, payload });
const receive = async (ticket: Ticket) => {
  const response = await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'dashboard' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Ticket>();
};
const runCount = async () =>
  Number((await kit.portal.infra.pool.query('SELECT count(*) AS n FROM job_run')).rows[0]?.n);

describe('bulk update', () => {
  it('checks first: what it would change, the received tickets it leaves out, and the conflicts', async () => {
    const [a, b, c, d] = await kit.fresh(4);
    if (!a || !b || !c || !d) throw new Error('no tickets');
    await receive(b);
    await kit.short(c.id, { jobSite: 'Another Site' });
    const result = await check('/api/ticket/bulk/check', {
      from: a.ticketNumber,
      to: d.ticketNumber,
      jobSite: 'North Pit',
    });
    expect(result).toEqual({
      count: 3,
      ticketNumbers: [a.ticketNumber, c.ticketNumber, d.ticketNumber],
      excludedTicketNumbers: [b.ticketNumber],
      results: [{ ticketNumber: c.ticketNumber, fields: ['jobSite'] }],
      message: null,
    });
    // The check changed nothing.
    expect((await kit.get(a.id)).jobSite).toBeNull();

    expect(
      (
        await check('/api/ticket/bulk/check', {
          from: a.ticketNumber,
          to: a.ticketNumber,
          jobSite: 'North Pit',
        })
      ).message,
    ).toBe(messages.noConflicts);
    expect(
      (await check('/api/ticket/bulk/check', { from: b.ticketNumber, jobSite: 'North Pit' })).message,
    ).toBe(messages.allReceived);
  });

  it('sets the chosen fields on every unreceived ticket, skips conflicts, and never touches a received one', async () => {
    const tickets = await kit.fresh(5);
    const [first, received, conflicted] = tickets;
    const last = tickets.at(-1);
    if (!first || !received || !conflicted || !last) throw new Error('no tickets');
    const receivedBefore = await receive(received);
    await kit.short(conflicted.id, { jobSite: 'Kept Site' });
    const payload = {
      from: first.ticketNumber,
      to: last.ticketNumber,
      contractorCompanyId: contractor.id,
      jobSite: 'North Pit',
      siteContactId: siteContact.id,
      truckTypeId: 2,
      isSaltImpacted: true,
      loggedInUserId: 1,
      forceUpdate: false,
    };
    const done = await run('/api/ticket/bulk', payload);
    expect(done).toMatchObject({ kind: 'bulk-update', state: 'completed', total: 5, done: 5 });
    expect(done.result).toEqual({
      updated: 3,
      skipped: [
        { ticketNumber: received.ticketNumber, reason: messages.received },
        { ticketNumber: conflicted.ticketNumber, reason: messages.conflictSkipped },
      ],
      errors: [],
    });
    for (const ticket of [first, tickets[3], last]) {
      expect(await kit.get(ticket?.id ?? 0)).toMatchObject({
        contractorCompanyId: contractor.id,
        jobSite: 'North Pit',
        siteContactName: 'Sue Site',
        siteContactNumber: '(416)555-0101',
        truckTypeId: 2,
        isSaltImpacted: true,
      });
    }
    expect(await kit.get(received.id)).toEqual(receivedBefore);
    expect((await kit.get(conflicted.id)).jobSite).toBe('Kept Site');

    // Force Update overwrites the conflict; the received ticket still stays as it was.
    const forced = await run('/api/ticket/bulk', { ...payload, jobSite: 'South Pit', forceUpdate: true });
    expect((forced.result as { updated: number }).updated).toBe(4);
    expect((await kit.get(conflicted.id)).jobSite).toBe('South Pit');
    expect(await kit.get(received.id)).toEqual(receivedBefore);
  });

  it('runs 250 numbers as chunks of 100', async () => {
    const tickets = await kit.fresh(250);
    const from = tickets[0]?.ticketNumber ?? 0;
    const done = await run('/api/ticket/bulk', {
      from,
      to: from + 249,
      contractorCompanyId: otherContractor.id,
    });
    expect(done.chunks.map((chunk) => [chunk.spec, chunk.state])).toEqual([
      [{ from, to: from + 99 }, 'completed'],
      [{ from: from + 100, to: from + 199 }, 'completed'],
      [{ from: from + 200, to: from + 249 }, 'completed'],
    ]);
    expect((done.result as { updated: number }).updated).toBe(250);
  });

  it.each([
    [{ jobSite: 'X' }, { from: messages.fromRequired }],
    [{ from: 'ten', jobSite: 'X' }, { from: messages.fromNotNumber }],
    [{ from: 0, jobSite: 'X' }, { from: messages.minNumber }],
    [{ from: -5, jobSite: 'X' }, { from: messages.minNumber }],
    [{ from: 5, to: '-5', jobSite: 'X' }, { to: messages.minNumber }],
  ])('refuses %o with 400 and the spec message, starting nothing', async (payload, errors) => {
    const before = await runCount();
    for (const url of ['/api/ticket/bulk/check', '/api/ticket/bulk']) {
      const response = await kit.call('POST', url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: Object.values(errors)[0], errors });
    }
    expect(await runCount()).toBe(before);
  });

  it('refuses an update that sets nothing, or names a contractor that does not exist', async () => {
    const [ticket] = await kit.fresh(1);
    const before = await runCount();
    const nothing = await kit.call('POST', '/api/ticket/bulk', { from: ticket?.ticketNumber });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(messages.nothingToUpdate);
    const unknown = await kit.call('POST', '/api/ticket/bulk', {
      from: ticket?.ticketNumber,
      contractorCompanyId: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(await runCount()).toBe(before);
  });
});

describe('bulk clear', () => {
  it('checks, then empties the chosen fields of unreceived tickets only', async () => {
    const [a, b, c] = await kit.fresh(3);
    if (!a || !b || !c) throw new Error('no tickets');
    const filled = {
      from: a.ticketNumber,
      to: c.ticketNumber,
      contractorCompanyId: contractor.id,
      jobSite: 'Pit 9',
    };
    await run('/api/ticket/bulk', filled);
    const receivedBefore = await receive(b);

    const preview = await check('/api/ticket/bulk/clear/check', {
      from: a.ticketNumber,
      to: c.ticketNumber,
      clearJobSite: true,
    });
    expect(preview).toMatchObject({
      count: 2,
      ticketNumbers: [a.ticketNumber, c.ticketNumber],
      excludedTicketNumbers: [b.ticketNumber],
      results: [],
    });

    const cleared = await run('/api/ticket/bulk/clear', {
      from: a.ticketNumber,
      to: c.ticketNumber,
      clearJobSite: true,
    });
    expect(cleared).toMatchObject({ kind: 'bulk-clear', state: 'completed' });
    expect(await kit.get(a.id)).toMatchObject({ jobSite: null, contractorCompanyId: contractor.id });
    expect(await kit.get(b.id)).toEqual(receivedBefore);

    await run('/api/ticket/bulk/clear', { from: a.ticketNumber, to: c.ticketNumber, clearAll: true });
    expect(await kit.get(c.id)).toMatchObject({ jobSite: null, contractorCompanyId: null });
    expect(await kit.get(b.id)).toEqual(receivedBefore);
  });

  it('refuses a clear with no field chosen, starting nothing', async () => {
    const before = await runCount();
    for (const url of ['/api/ticket/bulk/clear/check', '/api/ticket/bulk/clear']) {
      const response = await kit.call('POST', url, { from: 1, clearAll: false });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.nothingToClear);
    }
    expect(await runCount()).toBe(before);
  });
});

describe('runs', () => {
  it('are polled by administrators only; an unknown run is a 404', async () => {
    const [ticket] = await kit.fresh(1);
    const started = await kit.call(
      'POST',
      '/api/ticket/bulk',
      { from: ticket?.ticketNumber, jobSite: 'Polled' },
      { ...kit.admin, ...respondAsync },
    );
    expect(started.statusCode).toBe(202);
    const { id } = started.json<RunView>();
    expect((await kit.call('GET', `/api/job/${id}`, undefined, kit.standard)).statusCode).toBe(403);
    const unknown = await kit.call('GET', '/api/job/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await kit.call('GET', '/api/job/not-a-run')).statusCode).toBe(404);
  });
});
