import { exampleExternalLoad, startSoilFloStandIn } from '@portal/api/test/soilflo-stand-in';
import {
  type ExternalReceipt,
  endpoints,
  type Ticket,
  type WebhookEnvelope,
  type WebhookSubscriptionInput,
} from '@portal/contract';
import { projects, soilFLOReceiptStreamId, ticketStreamId } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { feedEnvelopes } from '../../test/event-feed';
import { clientOfPortal } from '../../test/portal';
import { serverForTestFile } from '../../test/server-for-test-file';
import { at, minutes, useTicketPortal } from '../../test/ticket-kit';
import { useWebhookReceivers, type WebhookReceiver } from '../../test/webhook-receiver';
import { externalReceiptQueue } from '../soilflo/external-receipts';

/**
 * Issue 33, items 1–2: the types that were published but never sent, each an event in the log, delivered
 * signed to its subscribers and listed by the feed. (scale.down and scale.up: scales/scale-webhooks.int.test.ts.)
 */
const standIn = serverForTestFile(() => startSoilFloStandIn());

const kit = useTicketPortal({
  companies: true,
  env: () => ({
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RELAY_INTERVAL_MS: '50',
    SOILFLO_API_URL: standIn().url,
    SOILFLO_API_KEY: standIn().apiKey,
    SOILFLO_TIMEOUT_MS: '3000',
    SOILFLO_RECEIPT_RETRY_MS: '200',
  }),
});
const api = clientOfPortal(() => kit.portal);
const receiver = useWebhookReceivers(
  () => kit.portal,
  () => kit.admin,
);

async function subscribed(body: Pick<WebhookSubscriptionInput, 'eventTypes' | 'filter'>) {
  const to = await receiver();
  const created = await api(endpoints.postWebhookNew, { body: { url: to.url, ...body } }, kit.admin);
  to.trust([created.secret]);
  return to;
}

const ofType = (to: WebhookReceiver, type: WebhookEnvelope['type']) =>
  to.received.filter((request) => request.envelope.type === type);

/** Two subscriptions to `type`: one filtered to Acme Earthworks, one to a contractor that is not. */
const byContractor = (type: WebhookEnvelope['type']) => {
  const to = (contractorCompanyId: number) =>
    subscribed({
      eventTypes: [type],
      filter: { contractorCompanyId, projectId: null, transportCompanyId: null },
    });
  return Promise.all([to(kit.acme.id), to(kit.acme.id + 1000)]);
};

/** An envelope without its `ticket`, which the feed shows as it is now and a webhook as it was then. */
const withoutTicket = (envelope: unknown) => {
  const { ticket: _now, ...rest } = envelope as { ticket?: unknown };
  return rest;
};

const streamTypes = async (streamId: string) =>
  (await kit.portal.infra.eventStore.readStream(streamId)).map((event) => event.type);

describe('ticket.loaded', () => {
  it('is sent once when a ticket gets its time loaded, after the edit that gave it, and the feed lists it', async () => {
    const to = await subscribed({ eventTypes: ['ticket.edited', 'ticket.loaded'] });
    const [ticket] = (await kit.fresh(1)) as [Ticket];
    const timeLoaded = at(-minutes(10));
    await kit.short(ticket.id, { timeLoaded });
    // Another time loaded is no new load; nor is an edit of another field.
    await kit.short(ticket.id, { timeLoaded: at(-minutes(5)) });
    await kit.short(ticket.id, { notes: 'Later' });
    await expect.poll(() => to.received.length, { timeout: 15_000 }).toBe(4);
    expect(to.received.every((request) => request.verified)).toBe(true);
    expect(new Set(to.received.map((request) => request.id)).size).toBe(4);
    expect(to.received.map(({ envelope }) => [envelope.type, envelope.sequence])).toEqual([
      ['ticket.edited', 2],
      ['ticket.loaded', 3],
      ['ticket.edited', 4],
      ['ticket.edited', 5],
    ]);
    const [loaded] = ofType(to, 'ticket.loaded');
    expect(loaded?.envelope).toMatchObject({
      version: 1,
      eventId: loaded?.id,
      ticketId: ticket.id,
      data: { ticketId: ticket.id, timeLoaded },
      ticket: { id: ticket.id, timeLoaded },
    });
    const listed = await feedEnvelopes(kit.portal, kit.admin, ['ticket.loaded']);
    expect(listed.filter((envelope) => envelope.eventId === loaded?.id).map(withoutTicket)).toEqual([
      withoutTicket(JSON.parse(loaded?.body ?? '')),
    ]);
    // The ticket's log shows the edit's change, with no entry of its own for the load.
    expect((await kit.logs(ticket.id)).map((entry) => entry.eventType)).not.toContain('TicketLoaded');
  });

  it('is appended once when two saves load the same ticket at the same moment', async () => {
    const [ticket] = (await kit.fresh(1)) as [Ticket];
    await Promise.all([
      kit.short(ticket.id, { timeLoaded: at(-minutes(3)) }),
      kit.short(ticket.id, { timeLoaded: at(-minutes(4)) }),
    ]);
    expect((await streamTypes(ticketStreamId(ticket.id))).filter((type) => type === 'TicketLoaded')).toEqual([
      'TicketLoaded',
    ]);
  });

  it('is sent when a receipt on the ticket page stamps the time loaded, and only to a matching filter', async () => {
    const [ticket] = (await kit.fresh(1)) as [Ticket];
    await kit.short(ticket.id, { contractorCompanyId: kit.acme.id });
    const [matching, other] = await byContractor('ticket.loaded');
    await kit.receive(ticket.id, 'ticket');
    await expect.poll(() => matching.received.length, { timeout: 15_000 }).toBe(1);
    expect(matching.received[0]?.envelope).toMatchObject({ type: 'ticket.loaded', ticketId: ticket.id });
    await kit.settle();
    expect(other.received).toEqual([]);
  });
});

describe('soilflo.receipt_failed', () => {
  const receiptOf = async (ticketId: number) =>
    (await kit.call('GET', `/api/ticket/${ticketId}/soilflo-receipt`)).json<ExternalReceipt | null>();

  it('is sent once per failed round, signed, with its ticket, even with two workers ending the same round, and the feed lists it', async () => {
    const to = await subscribed({ eventTypes: ['soilflo.receipt_failed'] });
    const [ticket] = (await kit.fresh(1, { isSoilFLOTicket: true })) as [Ticket];
    // SoilFLO knows no load 930: it refuses the receipt (404), slowly, so a second job ends the round too.
    standIn().behave('slow', { times: 3, delayMs: 1500 });
    const saved = await kit.call('PUT', '/api/ticket/edit/soilflo', {
      id: ticket.id,
      version: ticket.version,
      ticketNumber: ticket.ticketNumber,
      loggedInUserId: 1,
      isReceived: true,
      soilFLOData: exampleExternalLoad({ id: 930 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const receiptRow = () =>
      kit.portal.infra.db
        .selectFrom('externalReceipts')
        .selectAll()
        .where('ticketId', '=', ticket.id)
        .executeTakeFirst();
    await expect.poll(receiptRow).toBeDefined();
    const receipt = (await receiptRow()) as NonNullable<Awaited<ReturnType<typeof receiptRow>>>;
    await kit.portal.infra.jobs
      .queue(externalReceiptQueue)
      .add('send', { receiptId: receipt.id }, { jobId: `racing-${receipt.id}` });
    await expect.poll(async () => (await receiptOf(ticket.id))?.state, { timeout: 20_000 }).toBe('failed');
    // Both jobs were refused: each ended the round.
    const refusals = () =>
      standIn()
        .requests()
        .filter((seen) => seen.path.includes('/loads/930/receipt'))
        .map((seen) => seen.outcome);
    await expect.poll(refusals).toEqual([404, 404]);
    await expect.poll(() => to.received.length, { timeout: 15_000 }).toBe(1);
    const [failed] = to.received;
    expect(failed?.verified).toBe(true);
    expect(failed?.envelope).toMatchObject({
      version: 1,
      type: 'soilflo.receipt_failed',
      eventId: failed?.id,
      ticketId: ticket.id,
      sequence: 1,
      data: { receiptId: receipt.id, ticketId: ticket.id, round: 1, loadId: 930 },
      ticket: { id: ticket.id, isReceived: true },
    });
    expect(await streamTypes(soilFLOReceiptStreamId(receipt.id))).toEqual(['SoilFLOReceiptFailed']);

    // Send again, refused again: the second round's failure.
    const resent = await kit.call('POST', `/api/ticket/${ticket.id}/soilflo-receipt/resend`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    await expect.poll(() => to.received.length, { timeout: 20_000 }).toBe(2);
    expect(to.received[1]?.envelope).toMatchObject({ sequence: 2, data: { round: 2 } });
    await kit.settle();
    expect(to.received).toHaveLength(2);
    const listed = await feedEnvelopes(kit.portal, kit.admin, ['soilflo.receipt_failed']);
    expect(listed.map((envelope) => envelope.eventId)).toEqual(to.received.map((request) => request.id));
    expect(withoutTicket(listed[0])).toEqual(withoutTicket(JSON.parse(failed?.body ?? '')));
  });
});

describe('project.over_threshold', () => {
  it('is sent when a project is registered over threshold or edited false to true, once even when two saves race; filtered by contractor; listed by the feed', async () => {
    const [to, elsewhere] = await byContractor('project.over_threshold');
    const fields = { projectId: 'P-OVER', contractorCompanyId: kit.acme.id, jobSite: '1 Pit Rd' };
    const created = await api(
      endpoints.projectCatalogue.create,
      { body: { project: { ...fields, overThreshold: true } } },
      kit.admin,
    );
    const edit = (project: object) =>
      api(
        endpoints.projectCatalogue.edit,
        { body: { project: { id: created.id, ...fields, ...project } } },
        kit.admin,
      );
    // Kept true, then cleared: neither is told.
    await edit({ overThreshold: true, notes: 'Still over' });
    await edit({ overThreshold: false });
    // Two saves at once, both raising it (no version sent: the second is decided on the first's result).
    await Promise.all([
      edit({ overThreshold: true, jobSite: '2 Pit Rd' }),
      edit({ overThreshold: true, jobSite: '3 Pit Rd' }),
    ]);
    const stream = await kit.portal.infra.eventStore.readStream(projects.streamId(created.id));
    const raised = stream.filter((event) => event.type === 'ProjectWentOverThreshold');
    expect(raised).toHaveLength(2);
    await expect.poll(() => to.received.length, { timeout: 15_000 }).toBe(2);
    expect(to.received.every((request) => request.verified)).toBe(true);
    expect(to.received.map((request) => request.id)).toEqual(raised.map((event) => event.eventId));
    expect(to.received[0]?.envelope).toMatchObject({
      version: 1,
      type: 'project.over_threshold',
      projectId: created.id,
      sequence: 2,
      data: { id: created.id },
      project: { id: created.id, projectId: 'P-OVER', contractorCompanyId: kit.acme.id, overThreshold: true },
    });
    expect(to.received[1]?.envelope.sequence).toBe(raised[1]?.streamVersion);
    // The project's version follows its stream: an edit with the version read saves.
    const current = await api(endpoints.projectCatalogue.read, { params: { id: created.id } }, kit.admin);
    expect(current.version).toBe(stream.length);
    await api(
      endpoints.projectCatalogue.edit,
      { body: { project: { ...current, notes: 'Read' } } },
      kit.admin,
    );
    await kit.settle();
    expect(elsewhere.received).toEqual([]);
    const listed = await feedEnvelopes(kit.portal, kit.admin, ['project.over_threshold']);
    expect(listed.map((envelope) => envelope.eventId)).toEqual(raised.map((event) => event.eventId));
  });
});
