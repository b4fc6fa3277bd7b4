import { endpoints, type WebhookSubscriptionInput } from '@portal/contract';
import { webhookMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { clientOfPortal, injectionOf } from '../../test/portal';
import { useTicketPortal } from '../../test/ticket-kit';
import { useWebhookReceivers, verifiedByAny, type WebhookReceiver } from '../../test/webhook-receiver';

// Loopback receivers are allow-listed by address (any port); short delays keep retries and the pause quick.
const kit = useTicketPortal({
  env: {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_BASE_MS: '50',
    WEBHOOK_RETRY_MAX_MS: '200',
    WEBHOOK_GIVE_UP_AFTER_MS: '1500',
    WEBHOOK_RELAY_INTERVAL_MS: '50',
    WEBHOOK_SEND_TIMEOUT_MS: '2000',
  },
});
const api = clientOfPortal(() => kit.portal);
const receiver = useWebhookReceivers(
  () => kit.portal,
  () => kit.admin,
);

async function subscribe(to: WebhookReceiver, body: Partial<WebhookSubscriptionInput> = {}) {
  const created = await api(
    endpoints.postWebhookNew,
    { body: { url: to.url, eventTypes: ['ticket.generated'], ...body } },
    kit.admin,
  );
  to.trust([created.secret]);
  return created;
}

const deliveries = (id: number) => api(endpoints.getWebhookByIdDeliveries, { params: { id } }, kit.admin);

describe('webhooks', () => {
  it('signs each delivery so the Standard Webhooks library verifies it, in the documented envelope', async () => {
    const to = await receiver();
    const subscription = await subscribe(to);
    expect(subscription.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(
      await api(endpoints.getWebhookById, { params: { id: subscription.id } }, kit.admin),
    ).not.toHaveProperty('secret');
    const [ticket] = await kit.fresh(1);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(1);
    const [request] = to.received;
    expect(request?.verified).toBe(true);
    expect(
      verifiedByAny(
        [`whsec_${Buffer.alloc(32, 7).toString('base64')}`],
        request?.body ?? '',
        request?.headers ?? {},
      ),
    ).toBe(false);
    expect(request?.envelope).toMatchObject({
      version: 1,
      type: 'ticket.generated',
      eventId: request?.id,
      ticketId: ticket?.id,
      sequence: 1,
      ticket: { id: ticket?.id, ticketNumber: ticket?.ticketNumber },
    });
    expect(request?.envelope.data).not.toHaveProperty('hashNonce');
    await expect
      .poll(async () =>
        (await deliveries(subscription.id)).map(({ state, attempts, lastStatus }) => ({
          state,
          attempts,
          lastStatus,
        })),
      )
      .toEqual([{ state: 'delivered', attempts: 1, lastStatus: 200 }]);
  });

  it("delivers each ticket's events in order while earlier ones are retried and the workers send in parallel", async () => {
    const to = await receiver();
    // Every first attempt of an odd sequence fails, and answers take a random while: out of order unless held.
    const seen = new Set<string>();
    to.answer((request) => {
      const first = !seen.has(request.id);
      seen.add(request.id);
      return {
        status: first && request.envelope.sequence % 2 === 1 ? 500 : 200,
        delayMs: Math.random() * 30,
      };
    });
    await subscribe(to, { eventTypes: ['ticket.edited'] });
    const tickets = await kit.fresh(6);
    await Promise.all(
      tickets.map(async (ticket) => {
        for (let edit = 1; edit <= 5; edit += 1) await kit.short(ticket.id, { notes: `Edit ${edit}` });
      }),
    );
    const delivered = () => to.received.filter((request) => request.status === 200);
    await expect.poll(() => delivered().length, { timeout: 30_000 }).toBe(30);
    for (const ticket of tickets) {
      const sequences = delivered()
        .filter(({ envelope }) => 'ticketId' in envelope && envelope.ticketId === ticket.id)
        .map((request) => request.envelope.sequence);
      expect(sequences).toHaveLength(5);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    }
    expect(to.received.every((request) => request.verified)).toBe(true);
  });

  it('backs off exponentially from a receiver answering 500, then pauses and tells the administrators', async () => {
    const to = await receiver();
    to.answer({ status: 500 });
    const subscription = await subscribe(to);
    await kit.fresh(1);
    await expect
      .poll(
        async () =>
          (await api(endpoints.getWebhookById, { params: { id: subscription.id } }, kit.admin)).state,
        {
          timeout: 15_000,
        },
      )
      .toBe('paused');
    const times = to.received.map((request) => request.receivedAt);
    expect(times.length).toBeGreaterThanOrEqual(4);
    // The n-th retry waits at least half of min(50 ms × 2^(n-1), 200 ms) (jitter takes up to half off).
    times.slice(1).forEach((time, index) => {
      expect(time - (times[index] ?? 0)).toBeGreaterThanOrEqual(Math.min(50 * 2 ** index, 200) / 2 - 5);
    });
    const [delivery] = await deliveries(subscription.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: times.length, lastStatus: 500 });
    await expect
      .poll(async () => (await api(endpoints.getMailOutbox, {}, kit.admin)).map((mail) => mail.subject))
      .toContain(webhookMessages.pausedSubject(to.url));
    // Paused: nothing more is sent. Enabled again, the kept delivery goes out.
    const sentWhilePaused = to.received.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(to.received).toHaveLength(sentWhilePaused);
    to.answer({ status: 200 });
    const { id, eventTypes } = subscription;
    await api(
      endpoints.putWebhookById,
      { params: { id }, body: { url: to.url, eventTypes, enabled: true } },
      kit.admin,
    );
    await expect.poll(async () => (await deliveries(id))[0]?.state, { timeout: 10_000 }).toBe('delivered');
    expect((await api(endpoints.getWebhookById, { params: { id } }, kit.admin)).state).toBe('active');
  });

  it('signs with the old and the new secret during the grace period after a rotation, then with the new only', async () => {
    const to = await receiver();
    const { id, secret: oldSecret } = await subscribe(to);
    const rotated = await api(endpoints.postWebhookByIdRotateSecret, { params: { id } }, kit.admin);
    expect(rotated.secret).not.toBe(oldSecret);
    expect(rotated.previousSecretValidUntil).not.toBeNull();
    await kit.fresh(1);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(1);
    const [during] = to.received;
    if (!during) throw new Error('no request');
    expect(during.signature.split(' ')).toHaveLength(2);
    expect(verifiedByAny([oldSecret], during.body, during.headers)).toBe(true);
    expect(verifiedByAny([rotated.secret], during.body, during.headers)).toBe(true);
    // The grace period over (moved into the past here), the old secret signs no more.
    await kit.portal.infra.db
      .updateTable('webhookSubscriptions')
      .set({ previousSecretValidUntil: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await kit.fresh(1);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(2);
    const [, after] = to.received;
    if (!after) throw new Error('no request');
    expect(after.signature.split(' ')).toHaveLength(1);
    expect(verifiedByAny([oldSecret], after.body, after.headers)).toBe(false);
    expect(verifiedByAny([rotated.secret], after.body, after.headers)).toBe(true);
    expect(
      (await api(endpoints.getWebhookById, { params: { id } }, kit.admin)).previousSecretValidUntil,
    ).toBeNull();
  });

  it('sends one delivery again on request, with the same webhook-id, and counts attempts on /metrics', async () => {
    const to = await receiver();
    const { id } = await subscribe(to);
    await kit.fresh(1);
    await expect.poll(async () => (await deliveries(id))[0]?.state, { timeout: 10_000 }).toBe('delivered');
    const [delivery] = await deliveries(id);
    if (!delivery) throw new Error('no delivery');
    const again = await api(
      endpoints.postWebhookByIdDeliveriesByDeliveryIdRedeliver,
      { params: { id, deliveryId: delivery.id } },
      kit.admin,
    );
    expect(again).toMatchObject({ state: 'pending', deliveredAt: null });
    await expect
      .poll(() => to.received.map((request) => request.id))
      .toEqual([delivery.eventId, delivery.eventId]);
    await expect
      .poll(async () => (await deliveries(id))[0])
      .toMatchObject({ state: 'delivered', attempts: 2 });
    const metrics = await kit.portal.infra.metrics.registry.metrics();
    expect(metrics).toMatch(/^portal_webhook_attempts_total\{outcome="delivered"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^portal_webhook_oldest_pending_seconds \d/m);
    const otherSubscription = id + 1000;
    const refused = await kit.portal.app.inject({
      ...injectionOf(endpoints.postWebhookByIdDeliveriesByDeliveryIdRedeliver, {
        params: { id: otherSubscription, deliveryId: delivery.id },
      }),
      headers: kit.admin,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([404, webhookMessages.deliveryNotFound]);
  });

  it('replays the events from a date with their own webhook-ids, marked as replays; not from the future', async () => {
    const to = await receiver();
    const { id } = await subscribe(to);
    await kit.fresh(1);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(1);
    const from = new Date(Date.now() + 5).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await kit.fresh(2);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(3);
    const later = to.received.slice(1).map((request) => request.id);

    expect(await api(endpoints.postWebhookByIdReplay, { params: { id }, body: { from } }, kit.admin)).toEqual(
      {
        replayed: 2,
      },
    );
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(5);
    const replays = to.received.slice(3);
    expect(replays.map((request) => request.id).sort()).toEqual([...later].sort());
    expect(replays.every((request) => request.replay && request.verified)).toBe(true);
    expect(to.received.slice(0, 3).some((request) => request.replay)).toBe(false);
    const listed = await deliveries(id);
    expect(listed.filter((delivery) => delivery.replayedAt !== null)).toHaveLength(2);
    await expect
      .poll(async () => (await deliveries(id)).map((delivery) => delivery.state))
      .toEqual(['delivered', 'delivered', 'delivered']);

    const future = await kit.portal.app.inject({
      ...injectionOf(endpoints.postWebhookByIdReplay, {
        params: { id },
        body: { from: new Date(Date.now() + 60_000).toISOString() },
      }),
      headers: kit.admin,
    });
    expect([future.statusCode, future.json().message]).toEqual([400, webhookMessages.replayFromFuture]);
  });
  it('lists deliveries by state and pages back with before={id}; without a query, all of them newest first', async () => {
    const to = await receiver();
    // The second ticket's delivery keeps failing; the others are made.
    const tickets = await kit.fresh(3);
    const failing = tickets[1]?.id;
    to.answer((request) => ({
      status: 'ticketId' in request.envelope && request.envelope.ticketId === failing ? 500 : 200,
    }));
    const { id } = await subscribe(to, { eventTypes: ['ticket.edited'] });
    for (const ticket of tickets)
      await api(
        endpoints.putTicketEditShort,
        { body: { ticket: { id: ticket.id, notes: 'listed' } } },
        kit.admin,
      );
    const listed = (query: Parameters<typeof api<typeof endpoints.getWebhookByIdDeliveries>>[1]['query']) =>
      api(endpoints.getWebhookByIdDeliveries, { params: { id }, query }, kit.admin);
    await expect
      .poll(async () => (await listed({ state: 'delivered' })).map((d) => d.ticketId), { timeout: 10_000 })
      .toEqual([tickets[2]?.id, tickets[0]?.id]);
    await expect
      .poll(async () => (await listed({ state: 'failing' })).map((d) => d.ticketId))
      .toEqual([failing]);
    expect((await listed({ state: 'pending' })).map((d) => d.ticketId)).toEqual([failing]);
    const all = await deliveries(id);
    expect(all.map((d) => d.ticketId)).toEqual([tickets[2]?.id, failing, tickets[0]?.id]);
    expect((await listed({ before: all[0]?.id })).map((d) => d.id)).toEqual([all[1]?.id, all[2]?.id]);
    expect(await listed({ before: all[2]?.id })).toEqual([]);
    const refused = await kit.portal.app.inject(
      injectionOf(endpoints.getWebhookByIdDeliveries, { params: { id }, query: {} }),
    );
    expect(refused.statusCode).toBe(401);
    const badState = await kit.portal.app.inject({
      method: 'GET',
      url: `/api/webhook/${id}/deliveries?state=lost`,
      headers: kit.admin,
    });
    expect(badState.statusCode).toBe(400);
  });
});
