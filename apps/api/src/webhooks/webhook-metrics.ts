import type { Database } from '@portal/projections';
import { type Kysely, sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';

interface WebhookMetrics {
  /** Attempts that ended, by outcome: delivered (2xx) or failed (anything else, or no answer). */
  attempts: Counter<'outcome'>;
}

const metricsOfRegistry = new WeakMap<Registry, WebhookMetrics>();

/**
 * The webhook metrics on a process's /metrics (made once per registry): attempts by outcome, and the age
 * of the oldest delivery not made yet (the queue's age, what an alert watches).
 */
export function webhookMetrics(registry: Registry, db: Kysely<Database>): WebhookMetrics {
  const known = metricsOfRegistry.get(registry);
  if (known) return known;
  const registers = [registry];
  const metrics: WebhookMetrics = {
    attempts: new Counter({
      name: 'portal_webhook_attempts_total',
      help: 'Webhook delivery attempts that ended, by outcome (delivered, failed)',
      labelNames: ['outcome'],
      registers,
    }),
  };
  new Gauge({
    name: 'portal_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook delivery not made yet, paused subscriptions included; 0 when none waits',
    registers,
    async collect() {
      const oldest = await db
        .selectFrom('webhookDeliveries')
        .select(sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('age'))
        .where('state', '=', 'pending')
        .executeTakeFirst()
        .catch(() => null);
      this.set(oldest?.age ?? 0);
    },
  });
  metricsOfRegistry.set(registry, metrics);
  return metrics;
}
