import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readinessProbe } from '@portal/observability';
import { type Static, Type } from '@sinclair/typebox';
import fp from 'fastify-plugin';
import { apiChecks, readinessChecksFor } from './readiness-checks';

const HealthSchema = Type.Object({ status: Type.Literal('ok') }, { $id: 'Health' });

const ReadinessSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
    checks: Type.Record(Type.String(), Type.String(), {
      description: "Each check (database, eventStore, queues, projections): 'ok', or why it failed",
    }),
  },
  { $id: 'Readiness' },
);
type Readiness = Static<typeof ReadinessSchema>;

/**
 * GET /healthz and /readyz on the public port, for a load balancer's or an orchestrator's probes:
 * public, and they say nothing but up or down and which dependency is missing. /metrics is not
 * here: it is served on the internal listener (METRICS_PORT), see docs/operations.md.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['operations'];
  // Public: concurrent probes share a run, reused for a quarter second (docs/operations.md).
  const probe = readinessProbe(readinessChecksFor(app.infra, apiChecks), {
    timeoutMs: app.infra.config.readyCheckTimeoutMs,
    reuseMs: 250,
  });
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Liveness: 200 while the process runs (checks nothing else)',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          'Readiness: 200 when PostgreSQL, the event store and the queue backend answer and every projection is within READY_MAX_PROJECTION_LAG events of the head; else 503 naming the failed checks',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const result: Readiness = await probe();
      return reply.status(result.status === 'ready' ? 200 : 503).send(result);
    },
  );
};

/**
 * The HTTP duration histogram, labelled by the matched route's template (a request that matches no
 * route is `unmatched`: the raw URL would give every scanner's probe a series of its own). Registered
 * before any other plugin: a scope registered earlier would not inherit the hook.
 */
export const httpMetrics = fp(
  async (app) => {
    const { httpDuration } = app.infra.metrics;
    app.addHook('onResponse', async (request, reply) => {
      httpDuration.observe(
        {
          method: request.method,
          route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'http-metrics', dependencies: ['infrastructure'] },
);
