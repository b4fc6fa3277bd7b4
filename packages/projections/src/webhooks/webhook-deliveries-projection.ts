import { integrationEnvelopeOf } from '@portal/contract';
import { type TicketEvent, webhookTypeOfTicketEvent } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import type { Projection } from '../runner/projection';
import { findTicket } from '../tickets/find-ticket';
import type { TicketView } from '../tickets/ticket-columns';
import {
  type WebhookDeliveriesTable,
  type WebhookSubscriptionsTable,
  webhookDeliveriesDueChannel,
} from './webhook-tables';

type Subscription = Selectable<WebhookSubscriptionsTable>;
type TicketRecordedEvent = RecordedEvent & TicketEvent;

const matchesFilter = (subscription: Subscription, ticket: TicketView | undefined): boolean => {
  const { contractorCompanyId, projectId, transportCompanyId } = subscription.filter;
  return (
    (contractorCompanyId === null || ticket?.contractorCompanyId === contractorCompanyId) &&
    (projectId === null || ticket?.projectId === projectId) &&
    (transportCompanyId === null || ticket?.transportCompanyId === transportCompanyId)
  );
};

/**
 * One delivery per event and subscription that asks for its type (an outbox): written in the projection
 * checkpoint's transaction, so no crash loses or doubles one; sending is the queue's work. A subscription
 * gets the events recorded from its creation on; a disabled one gets none, a paused one keeps collecting
 * them (in order) until it is resumed. Replaying an event (a rebuild) inserts nothing twice. The commit
 * wakes the relay (webhookDeliveriesDueChannel).
 */
export const webhookDeliveriesProjection: Projection = {
  name: 'webhook-deliveries',
  handles: Object.keys(webhookTypeOfTicketEvent),
  // Deliveries and their send state are not derived from the events alone: a rebuild keeps them.
  keptByRebuild: true,
  async reset() {},
  async apply(trx: Transaction<Database>, events) {
    const subscriptions = await trx
      .selectFrom('webhookSubscriptions')
      .selectAll()
      .where('state', '!=', 'disabled')
      .execute();
    if (subscriptions.length === 0) return;
    const ticketEvents = events as readonly TicketRecordedEvent[];
    const ticketIds = [...new Set(ticketEvents.map((event) => event.data.ticketId))];
    const tickets = new Map(
      await Promise.all(ticketIds.map(async (id) => [id, await findTicket(trx, id)] as const)),
    );
    const rows: Insertable<WebhookDeliveriesTable>[] = [];
    for (const event of ticketEvents) {
      const type = webhookTypeOfTicketEvent[event.type];
      if (!type) continue;
      const ticket = tickets.get(event.data.ticketId);
      const wanting = subscriptions.filter(
        (subscription) =>
          subscription.eventTypes.includes(type) &&
          event.recordedAt >= subscription.createdAt &&
          matchesFilter(subscription, ticket),
      );
      if (wanting.length === 0) continue;
      // The feed's envelope, as the bytes every attempt sends.
      const body = JSON.stringify(integrationEnvelopeOf(event, ticket ?? null));
      for (const subscription of wanting)
        rows.push({
          subscriptionId: subscription.id,
          eventId: event.eventId,
          eventType: type,
          orderingKey: event.streamId,
          ticketId: event.data.ticketId,
          sequence: event.streamVersion,
          body,
        });
    }
    if (rows.length === 0) return;
    await trx
      .insertInto('webhookDeliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['subscriptionId', 'eventId']).doNothing())
      .execute();
    // Heard when the checkpoint's transaction commits: the relay queues them at once, not at its next look.
    await sql`SELECT pg_notify(${webhookDeliveriesDueChannel}, '')`.execute(trx);
  },
};
