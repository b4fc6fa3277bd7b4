import {
  type EnvelopeSubject,
  envelopeSubjectOf,
  integrationEnvelopeOf,
  integrationTypeOf,
} from '@portal/contract';
import { projects, scales, ticketStreamId, type WebhookFilter, webhookTypeOfEvent } from '@portal/domain';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import type { Projection } from '../runner/projection';
import { type EnvelopeRecords, envelopeRecordsFor, envelopeRecordsOf } from './envelope-records';
import {
  type WebhookDeliveriesTable,
  type WebhookSubscriptionsTable,
  webhookDeliveriesDueChannel,
} from './webhook-tables';

type Subscription = Selectable<WebhookSubscriptionsTable>;

/** The filter's fields the subject has: a ticket has all three, a project its contractor and itself. */
function filteredFields(subject: EnvelopeSubject, records: EnvelopeRecords): Partial<WebhookFilter> | null {
  if (subject.kind === 'scale') return {};
  if (subject.kind === 'project') {
    const project = records.projects.get(subject.id);
    return project ? { contractorCompanyId: project.contractorCompanyId, projectId: project.id } : null;
  }
  return records.tickets.get(subject.id) ?? null;
}

/** A filter's null fields match anything; one the subject has must equal it; one it lacks does not narrow. */
function matchesFilter(
  subscription: Subscription,
  subject: EnvelopeSubject,
  records: EnvelopeRecords,
): boolean {
  const fields = filteredFields(subject, records);
  return (Object.entries(subscription.filter) as [keyof WebhookFilter, number | null][]).every(
    ([field, wanted]) =>
      wanted === null || (fields !== null && (!(field in fields) || fields[field] === wanted)),
  );
}

/**
 * The lane an event's deliveries are sent in, one at a time in order: its ticket's (a receipt's failure
 * follows the ticket's own events), its scale's or its project's.
 */
const orderingKeyOf = ({ kind, id }: EnvelopeSubject): string =>
  kind === 'ticket' ? ticketStreamId(id) : kind === 'scale' ? scales.streamId(id) : projects.streamId(id);

/**
 * One delivery per event and subscription that asks for its type (an outbox): written in the projection
 * checkpoint's transaction, so no crash loses or doubles one; sending is the queue's work. A subscription
 * gets the events recorded from its creation on; a disabled one gets none, a paused one keeps collecting
 * them (in order) until it is resumed. A rebuild gives it only events it has not had (keptByRebuild). A
 * filter narrows by the fields the event's subject has: a ticket (its own events, its receipt's failure) all
 * three, a project its contractor and itself; a scale none, so scale events reach a filtered subscription
 * too. The commit wakes the relay (webhookDeliveriesDueChannel).
 */
export const webhookDeliveriesProjection: Projection = {
  name: 'webhook-deliveries',
  handles: Object.keys(webhookTypeOfEvent),
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
    const records = await envelopeRecordsOf(trx, events);
    const rows: Insertable<WebhookDeliveriesTable>[] = [];
    for (const event of events) {
      const type = integrationTypeOf(event.type);
      const subject = envelopeSubjectOf(event);
      if (!type || !subject) continue;
      const wanting = subscriptions.filter(
        (subscription) =>
          subscription.eventTypes.includes(type) &&
          event.recordedAt >= subscription.createdAt &&
          matchesFilter(subscription, subject, records),
      );
      if (wanting.length === 0) continue;
      // The feed's envelope, as the bytes every attempt sends.
      const body = JSON.stringify(integrationEnvelopeOf(event, envelopeRecordsFor(records, subject)));
      for (const subscription of wanting)
        rows.push({
          subscriptionId: subscription.id,
          eventId: event.eventId,
          eventType: type,
          orderingKey: orderingKeyOf(subject),
          ticketId: subject.kind === 'ticket' ? subject.id : null,
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
