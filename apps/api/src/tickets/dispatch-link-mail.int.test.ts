import { bearer, useLoggingApp } from '@portal/api/test/portal';
import { mailArrived } from '@portal/api/test/report-kit';
import { serverForTestFile } from '@portal/api/test/server-for-test-file';
import { startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import { at, hours, messages, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { DispatchLinkMailSent, Ticket } from '@portal/contract';
import { dispatchLinkMessages, displayTicketNumber } from '@portal/domain';
import { describe, expect, it } from 'vitest';

// Send to driver by e-mail (issue 34, item 1): a real SMTP server on loopback, the portal's own mail queue.
const receiver = serverForTestFile(() => startSmtpTestReceiver());
const kit = useTicketPortal({
  standardUser: true,
  companies: true,
  env: () => ({ SMTP_URL: receiver().url }),
});

// Every line the API logs, at the most detailed level, for the link's hash to be looked for.
const logged = useLoggingApp(() => kit.portal, 'trace');

const portalHost = 'portal.site.test:8443';
const send = (id: number | string, body: unknown, headers = kit.admin) =>
  logged.app.inject({
    method: 'POST',
    url: `/api/ticket/${id}/dispatch-link/mail`,
    headers: { ...headers, host: portalHost },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const loaded = async (): Promise<Ticket> => {
  const [ticket] = await kit.fresh();
  if (!ticket) throw new Error('no ticket');
  return kit.short(ticket.id, { jobSite: '500 Source Rd', timeLoaded: at(-hours(1)) });
};
const hashOf = async (id: number) =>
  (await kit.call('GET', `/api/ticket/${id}/hash`)).json<{ hash: string }>().hash;

const mailTo = (address: string, ticket: Ticket) =>
  mailArrived(receiver(), `Dispatch link for ticket ${displayTicketNumber(ticket)}`, [address]);

describe('POST /api/ticket/{id}/dispatch-link/mail', () => {
  it("mails the driver the ticket's dispatch link, which opens the dispatch page's data without a session", async () => {
    const ticket = await loaded();
    const hash = await hashOf(ticket.id);
    const response = await send(ticket.id, { to: ' dave.driver@haulers.test ' });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<DispatchLinkMailSent>();
    expect(sent.to).toBe('dave.driver@haulers.test');
    expect(sent.mailId).not.toContain(hash);
    expect(response.body).not.toContain(hash);

    const mail = await mailTo('dave.driver@haulers.test', ticket);
    const link = `http://${portalHost}/truck-dispatch/${ticket.id}?hash=${hash}`;
    expect(mail.subject).toBe(`Dispatch link for ticket [0] ${String(ticket.ticketNumber).padStart(6, '0')}`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('from 500 Source Rd');
    expect(mail.html).toContain(link);
    const opened = await kit.portal.app.inject({
      method: 'GET',
      url: `/api/ticket/${ticket.id}/${hash}/dispatch`,
    });
    expect(opened.statusCode, opened.body).toBe(200);

    // A double click in the same minute queues no second mail. A pair of clicks that straddles a minute's
    // end is clicked again (the check above took seconds on a busy machine, and once crossed a minute).
    const mailIdOfClick = async () =>
      (await send(ticket.id, { to: 'dave.driver@haulers.test' })).json<DispatchLinkMailSent>().mailId;
    for (;;) {
      const minute = Math.floor(Date.now() / 60_000);
      const [first, second] = [await mailIdOfClick(), await mailIdOfClick()];
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expect(second).toBe(first);
      break;
    }
  });

  it('is open to standard users, like the ticket page, and to no one without a valid token', async () => {
    const ticket = await loaded();
    const standard = await send(ticket.id, { to: 'sam.driver@haulers.test' }, kit.standard);
    expect(standard.statusCode, standard.body).toBe(200);
    await mailTo('sam.driver@haulers.test', ticket);

    for (const headers of [{}, bearer('not-a-token'), { 'x-auth-token': 'forged.token.value' }]) {
      const refused = await send(ticket.id, { to: 'eve@evil.test' }, headers);
      expect(refused.statusCode, refused.body).toBe(401);
    }
  });

  it('finds no ticket for an unknown id, refuses malformed and encoded ids, and tickets the page has nothing for', async () => {
    const unknown = await send(987_654, { to: 'dave@haulers.test' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toMatchObject({ message: messages.notFound });
    for (const id of ['0', '-1', 'abc', '1%2F2', '1.5', '99999999999999999999', '1%2F..%2F2']) {
      const response = await send(id, { to: 'dave@haulers.test' });
      expect([400, 404], `${id}: ${response.body}`).toContain(response.statusCode);
    }

    const [notLoaded] = await kit.fresh();
    const received = await loaded();
    await kit.call('PUT', '/api/ticket/receive', { ticketId: received.id, source: 'dashboard' });
    const [soilFLO] = await kit.fresh(1, { isSoilFLOTicket: true });
    for (const ticket of [notLoaded, received, soilFLO]) {
      if (!ticket) throw new Error('no ticket');
      const response = await send(ticket.id, { to: 'dave@haulers.test' });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ message: dispatchLinkMessages.notOffered });
    }
  });

  it('refuses a hostile or missing address with a clear message and mails no one', async () => {
    const ticket = await loaded();
    const before = receiver().received.length;
    for (const to of [
      'dave@haulers.test, eve@evil.test',
      'dave@haulers.test;eve@evil.test',
      'Dave <dave@haulers.test>',
      'dave@haulers.test\r\nBcc: eve@evil.test',
      '"eve"@evil.test',
      'not-an-address',
    ]) {
      const response = await send(ticket.id, { to });
      expect(response.statusCode, `${to}: ${response.body}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/is not a valid email address\.$/);
    }
    const blank = await send(ticket.id, { to: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: dispatchLinkMessages.recipientRequired });
    for (const body of [
      undefined,
      {},
      { to: ['dave@haulers.test', 'eve@evil.test'] },
      { to: `${'x'.repeat(250)}@a.test` },
    ]) {
      const response = await send(ticket.id, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver().received.length).toBe(before);
  });

  it('never writes the link or its hash to the log', async () => {
    const ticket = await loaded();
    const hash = await hashOf(ticket.id);
    logged.lines.length = 0;
    expect((await send(ticket.id, { to: 'log.check@haulers.test' })).statusCode).toBe(200);
    expect((await send(ticket.id, { to: 'bad address' })).statusCode).toBe(400);
    await mailTo('log.check@haulers.test', ticket);
    const log = logged.lines.join('');
    expect(log).toContain(`/api/ticket/${ticket.id}/dispatch-link/mail`);
    for (const secret of [hash, encodeURIComponent(hash), hash.slice(3, 15), 'truck-dispatch'])
      expect(log).not.toContain(secret);
  });
});
