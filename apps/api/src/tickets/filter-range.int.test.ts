import { expectInvalid, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { rangeOrderMessages } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 34, D26: a From after its To is refused with a message, where it used to answer no tickets.
const kit = useTicketPortal({ companies: true });

let projectId = 0;
let ticket: Ticket;
beforeAll(async () => {
  projectId = (await kit.project({ contractorCompanyId: kit.acme.id })).id;
  [ticket] = (await kit.fresh(1)) as [Ticket];
  await kit.short(ticket.id, { projectId, contractorCompanyId: kit.acme.id });
});

// A day either side of now, whatever the site's time zone makes of today.
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const calls = () => [
  { name: 'the search', method: 'POST' as const, url: '/api/ticket/search' },
  { name: 'the report', method: 'POST' as const, url: '/api/ticket/report' },
  { name: 'the report table', method: 'POST' as const, url: '/api/ticket/report/table' },
  { name: "a project's haulage records", method: 'POST' as const, url: `/api/project/${projectId}/tickets` },
];

describe('From after To', () => {
  it.each([0, 1, 2, 3])('refuses dates the wrong way round on call %i with 400 on toDate', async (index) => {
    const { url, method } = calls()[index] as ReturnType<typeof calls>[number];
    const response = await kit.call(method, url, { fromDate: '2026-03-02', toDate: '2026-03-01' });
    expectInvalid(response, { toDate: rangeOrderMessages.dates });
  });

  it.each([1, 2, 3])(
    'refuses ticket numbers the wrong way round on call %i with 400 on to',
    async (index) => {
      const { url, method } = calls()[index] as ReturnType<typeof calls>[number];
      const response = await kit.call(method, url, { from: '9', to: 8 });
      expectInvalid(response, { to: rangeOrderMessages.ticketNumbers });
    },
  );

  it('still finds the ticket when From equals To, with From before To, and with either bound alone', async () => {
    const number = ticket.ticketNumber;
    for (const body of [
      { from: number, to: number },
      { fromDate: day(-1), toDate: day(1) },
      { from: number },
      { toDate: day(1) },
    ]) {
      const response = await kit.call('POST', `/api/project/${projectId}/tickets`, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(`"ticketNumber":${number}`);
    }
  });
});
