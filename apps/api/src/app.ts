import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { declaredEndpoints } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { servedOverHttps } from './config';
import { contractorRoutes } from './contractors/routes';
import { ApiKeys } from './integrations/api-keys';
import { integrationRoutes } from './integrations/routes';
import { runDefinitions } from './job-registry';
import { jobRoutes } from './jobs/routes';
import { mailRoutes } from './mail/routes';
import { materialRoutes } from './materials/routes';
import { healthRoutes, httpMetrics } from './observability/health-routes';
import { serveAdminUi } from './plugins/admin-ui';
import authentication from './plugins/authentication';
import { registerBrowserSecurity } from './plugins/browser-security';
import errorHandler from './plugins/error-handler';
import infrastructure, { type Infrastructure } from './plugins/infrastructure';
import openapi from './plugins/openapi';
import { requestValidatorFactory } from './plugins/request-validation';
import routeTable from './plugins/route-table';
import { sendWrittenJson } from './plugins/written-json';
import { projectRoutes } from './projects/routes';
import { reportRoutes } from './reports/routes';
import { ticketReportRoutes } from './reports/ticket-report';
import { retentionRoutes } from './retention/routes';
import { scaleOfBridgeKeyFrom } from './scales/bridge-keys';
import { scaleRoutes } from './scales/scale-routes';
import { settingsRoutes } from './settings/routes';
import { externalReceiptRoutes } from './soilflo/external-receipts';
import { ticketRoutes } from './tickets/ticket-routes';
import { transportRoutes } from './transports/routes';
import { userRoutes } from './users/routes';
import { webhookRoutes } from './webhooks/webhook-routes';

/** Builds the HTTP app: infrastructure first, then the app's own plugins, then the slices' routes. */
export async function buildApp(
  infra: Infrastructure,
  options: { logger?: boolean | object } = {},
): Promise<FastifyInstance> {
  const { requestTimeoutMs, maxConnections } = infra.config;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: infra.config.trustProxy,
    // Slow clients cannot hold sockets for ever (issue 32, L3): a whole request within requestTimeoutMs,
    // its headers within a third of it; Node checks the open requests every second, not every 30 s.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(10_000, Math.ceil(requestTimeoutMs / 3)),
      connectionsCheckingInterval: 1000,
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: requestValidatorFactory } },
    // `//api/x` and `/api/x/` are `/api/x`: one route, one access decision, however it is spelled.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Beyond it, Node closes a new connection as it arrives: a flood of sockets cannot exhaust the process.
  app.server.maxConnections = maxConnections;

  const https = servedOverHttps(infra.config);
  const apiKeys = new ApiKeys(infra.pool, (error) =>
    app.log.warn({ err: error }, 'could not note an API key as used'),
  );
  await app.register(infrastructure, infra);
  await app.register(httpMetrics);
  await app.register(errorHandler);
  // First of the request hooks, so refusals and 404s carry the headers too.
  registerBrowserSecurity(app, { https });
  // Before any route: it gives every route its access, default 'user'.
  await app.register(authentication, {
    secret: infra.config.jwtSecret,
    expiresInSeconds: infra.config.jwtExpiresInSeconds,
    bridgeScaleOf: (key, ip) => scaleOfBridgeKeyFrom(infra, key, ip),
    apiKeyOf: (key) => apiKeys.find(key),
  });
  // Before any route: it refuses an `/api/` route the contract does not declare.
  await app.register(routeTable, { declared: declaredEndpoints });
  await app.register(openapi, { https });
  sendWrittenJson(app);
  await app.register(healthRoutes);
  if (infra.config.uiDist) await serveAdminUi(app, infra.config.uiDist);

  for (const sliceRoutes of [
    authRoutes,
    userRoutes,
    contractorRoutes,
    projectRoutes,
    transportRoutes,
    materialRoutes,
    scaleRoutes,
    settingsRoutes,
    ticketRoutes,
    externalReceiptRoutes,
    reportRoutes,
    ticketReportRoutes,
    mailRoutes,
    auditRoutes,
    retentionRoutes,
    webhookRoutes,
    integrationRoutes,
  ])
    await app.register(sliceRoutes);
  await app.register(jobRoutes, { runDefinitions });
  return app;
}
