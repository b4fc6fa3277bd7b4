import { runToEnd, useTestPortal } from '@portal/api/test/portal';
import type { Ticket } from '@portal/contract';
import { expect, it } from 'vitest';
import { minimumDatabasePool } from './config';

// The smallest pool the configuration accepts still carries the portal's busiest work at once: with one
// connection fewer, generate never finished (the process keeps 4 connections for good).
const ctx = useTestPortal({ env: { DATABASE_POOL_MAX: String(minimumDatabasePool) } });

it(`with DATABASE_POOL_MAX=${minimumDatabasePool}: generate, 64 receipts at once, a bulk receive and 40 reads at once all finish`, async () => {
  const { app } = ctx.portal;
  const generated = await runToEnd(ctx.portal, ctx.admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from: 1, to: 200 },
  });
  expect((generated.result as { tickets: number[] }).tickets).toHaveLength(200);
  const tickets = (
    await app.inject({
      method: 'POST',
      url: '/api/ticket/report',
      headers: ctx.admin,
      payload: { from: 1, to: 64 },
    })
  ).json<Ticket[]>();
  expect(tickets).toHaveLength(64);

  const receipts = await Promise.all(
    tickets.map((ticket) =>
      app.inject({
        method: 'PUT',
        url: '/api/ticket/receive',
        headers: ctx.admin,
        payload: { ticketId: ticket.id, source: 'dashboard' },
      }),
    ),
  );
  expect(receipts.map((response) => response.statusCode)).toEqual(tickets.map(() => 200));

  const [bulk, ...reads] = await Promise.all([
    runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/bulk/receive',
      payload: { ticketRange: '65-150,151-200', loggedInUserId: 1, forceReceive: false },
    }),
    ...Array.from({ length: 40 }, () =>
      app.inject({ method: 'GET', url: '/api/ticket/daily/received?page=1', headers: ctx.admin }),
    ),
  ]);
  expect(bulk.result).toMatchObject({ success: 2, fail: 0 });
  expect(reads.every((response) => response.statusCode === 200)).toBe(true);
  const received = (
    await app.inject({
      method: 'GET',
      url: '/api/ticket/daily/received?page=1&perPage=200',
      headers: ctx.admin,
    })
  ).json<{ total: number }>();
  expect(received.total).toBe(200);
});
