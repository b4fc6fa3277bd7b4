import { endpoints } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clientOfPortal } from '../../test/portal';
import { type PortalProcess, startWorkerProcess } from '../../test/processes';
import { useTicketPortal } from '../../test/ticket-kit';
import { startWebhookReceiver } from '../../test/webhook-receiver';

// The API process runs no workers: deliveries (and the generation that makes their events) are sent by
// worker processes, one killed (SIGKILL) while its requests are in flight.
const webhookEnv = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RELAY_INTERVAL_MS: '100',
  // The killed sends' leases run out 2 s after this; no send ends by its timeout before the kill.
  WEBHOOK_SEND_TIMEOUT_MS: '5000',
};
const kit = useTicketPortal({ env: { WORKERS: 'off', JOB_LOCK_MS: '2000', ...webhookEnv } });
const api = clientOfPortal(() => kit.portal);
const workers: PortalProcess[] = [];

const startWorker = async () => {
  const worker = await startWorkerProcess({
    DATABASE_URL: kit.portal.database.url,
    QUEUE_PREFIX: kit.portal.config.queuePrefix,
    JOB_LOCK_MS: '2000',
    ...webhookEnv,
  });
  workers.push(worker);
  return worker;
};

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const worker of workers) console.error(`worker output:\n${worker.recentOutput()}`);
  await Promise.all(workers.splice(0).map((worker) => worker.kill()));
});

describe('webhook deliveries across a worker killed mid-send', () => {
  it('are each received at least once and recorded delivered once', { timeout: 120_000 }, async () => {
    const receiver = await startWebhookReceiver();
    // The first request of each webhook-id is held (the worker dies waiting); later ones are answered.
    const answered = new Set<string>();
    receiver.answer((request) => {
      if (answered.has(request.id)) return { status: 200 };
      answered.add(request.id);
      return { status: 200, delayMs: 30_000 };
    });
    try {
      const subscription = await api(
        endpoints.postWebhookNew,
        { body: { url: receiver.url, eventTypes: ['ticket.generated'] } },
        kit.admin,
      );
      receiver.trust([subscription.secret]);
      const first = await startWorker();
      const tickets = await kit.fresh(5);
      await expect.poll(() => receiver.distinctIds().length, { timeout: 20_000, interval: 20 }).toBe(5);
      await first.kill();
      await startWorker();
      const deliveries = () =>
        api(endpoints.getWebhookByIdDeliveries, { params: { id: subscription.id } }, kit.admin);
      await expect
        .poll(async () => (await deliveries()).filter((delivery) => delivery.state === 'delivered').length, {
          timeout: 60_000,
        })
        .toBe(5);
      const recorded = await deliveries();
      // One delivery per event, each recorded delivered by its one completed attempt (the killed ones never ended).
      expect(recorded.map((delivery) => delivery.ticketId).sort()).toEqual(
        tickets.map((ticket) => ticket.id).sort(),
      );
      expect(recorded.every((delivery) => delivery.attempts === 1 && delivery.deliveredAt !== null)).toBe(
        true,
      );
      // The receiver saw every id twice (held, then again) and, deduplicating by webhook-id, each event once.
      expect(new Set(recorded.map((delivery) => delivery.eventId))).toEqual(new Set(receiver.distinctIds()));
      for (const id of receiver.distinctIds())
        expect(receiver.received.filter((request) => request.id === id).length).toBeGreaterThanOrEqual(2);
      expect(receiver.received.every((request) => request.verified)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
