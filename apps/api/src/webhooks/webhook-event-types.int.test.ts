import {
  endpoints,
  type Ticket,
  type WebhookEnvelope,
  type WebhookSubscriptionInput,
} from '@portal/contract';
import { ticketStreamId } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { feedEnvelopes } from '../../test/event-feed';
import { clientOfPortal } from '../../test/portal';
import { at, minutes, useTicketPortal } from '../../test/ticket-kit';
import { useWebhookReceivers, type WebhookReceiver } from '../../test/webhook-receiver';

/**
 * Issue 33, items 1–2: the types that were published but never sent, each an event in the log, delivered
 * signed to its subscribers and listed by the feed.
 */
const kit = useTicketPortal({
  companies: true,
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RELAY_INTERVAL_MS: '50' },
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
    const matching = await subscribed({
      eventTypes: ['ticket.loaded'],
      filter: { contractorCompanyId: kit.acme.id, projectId: null, transportCompanyId: null },
    });
    const other = await subscribed({
      eventTypes: ['ticket.loaded'],
      filter: { contractorCompanyId: kit.acme.id + 1000, projectId: null, transportCompanyId: null },
    });
    await kit.receive(ticket.id, 'ticket');
    await expect.poll(() => matching.received.length, { timeout: 15_000 }).toBe(1);
    expect(matching.received[0]?.envelope).toMatchObject({ type: 'ticket.loaded', ticketId: ticket.id });
    await kit.settle();
    expect(other.received).toEqual([]);
  });
});
