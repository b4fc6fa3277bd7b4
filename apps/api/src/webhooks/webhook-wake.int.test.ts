import { endpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { clientOfPortal } from '../../test/portal';
import { useTicketPortal } from '../../test/ticket-kit';
import { useWebhookReceivers } from '../../test/webhook-receiver';

// The relay's own look comes once a minute here: within a test's seconds only its wake-ups send anything.
const kit = useTicketPortal({
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RELAY_INTERVAL_MS: '60000' },
});
const api = clientOfPortal(() => kit.portal);
const receiver = useWebhookReceivers(
  () => kit.portal,
  () => kit.admin,
);

async function subscribed(eventTypes: ('ticket.generated' | 'ticket.edited')[]) {
  const to = await receiver();
  const { secret } = await api(endpoints.postWebhookNew, { body: { url: to.url, eventTypes } }, kit.admin);
  to.trust([secret]);
  return to;
}

describe('webhook deliveries woken, not waiting for the relay', () => {
  it("sends an event when it is projected, and a ticket's next one when the one before is made", async () => {
    const to = await subscribed(['ticket.generated', 'ticket.edited']);
    // The first request is held while the ticket is edited: its edits wait behind it, in order.
    to.answer(() => ({ status: 200, delayMs: to.received.length === 0 ? 3000 : 0 }));
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(1);
    for (let edit = 1; edit <= 3; edit += 1) await kit.short(ticket.id, { notes: `Edit ${edit}` });
    expect(to.received).toHaveLength(1);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(4);
    expect(to.received.map((request) => request.envelope.type)).toEqual([
      'ticket.generated',
      'ticket.edited',
      'ticket.edited',
      'ticket.edited',
    ]);
    const sequences = to.received.map((request) => request.envelope.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(to.received.every((request) => request.verified)).toBe(true);
  });

  it('sends the deliveries of different tickets at once, not a few at a time', async () => {
    const to = await subscribed(['ticket.generated']);
    to.answer({ status: 200, delayMs: 1000 });
    await kit.fresh(12);
    await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(12);
    const arrivals = to.received.map((request) => request.receivedAt);
    // Eight at a time (one job each, as before batches) would take a second answer's wait for the last four.
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(800);
  });
});
