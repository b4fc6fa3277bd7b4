import type { WebhookEventType, WebhookFilter } from '@portal/domain';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * NOTIFY'd when deliveries become due: the projection wrote some, or a delivery was made and its ticket has
 * another waiting. The relay listens, so a delivery need not wait for its next look.
 */
export const webhookDeliveriesDueChannel = 'webhook_deliveries_due';

export type WebhookSubscriptionState = 'active' | 'disabled' | 'paused';

export interface WebhookSubscriptionsTable {
  id: Generated<number>;
  url: string;
  eventTypes: JSONColumnType<WebhookEventType[]>;
  description: string | null;
  filter: JSONColumnType<WebhookFilter>;
  /** whsec_<base64>: signing needs the secret itself, so it is stored as is (never answered after creation). */
  secret: string;
  previousSecret: string | null;
  previousSecretValidUntil: Date | null;
  state: ColumnType<WebhookSubscriptionState, WebhookSubscriptionState | undefined, WebhookSubscriptionState>;
  pausedAt: Date | null;
  createdAt: ColumnType<Date, never, never>;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

export interface WebhookDeliveriesTable {
  // bigserial comes back from pg as a string.
  id: Generated<string>;
  subscriptionId: number;
  eventId: string;
  eventType: WebhookEventType;
  orderingKey: string;
  ticketId: number | null;
  sequence: number;
  body: string;
  state: Generated<'pending' | 'delivered'>;
  attempts: Generated<number>;
  /** Moves on with every attempt that ends (or is abandoned): a round is queued once, by its own job id. */
  sendRound: Generated<number>;
  queuedRound: Generated<number>;
  nextAttemptAt: Generated<Date>;
  /** While a worker sends it; a lease that runs out (a worker killed mid-send) gives the delivery back. */
  leasedUntil: Date | null;
  firstFailedAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  /** Sent again by a replay from a date (and not redelivered one by one since): its requests say so. */
  replayedAt: Date | null;
  createdAt: Generated<Date>;
}
