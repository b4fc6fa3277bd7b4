import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BridgeKeySchema,
  type BridgeReport,
  BridgeReportAnswerSchema,
  BridgeReportSchema,
  errorResponses,
  IdParams,
  LiveScaleSchema,
  okResponses,
  ScaleSchema,
} from '@portal/contract';
import { DomainError, scaleMessages, scales, validateScale } from '@portal/domain';
import { findScale, listScales } from '@portal/projections';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { chosenId } from '../loose-body';
import type { PortalMetrics } from '../observability/portal-metrics';
import { adminOnly } from '../plugins/authentication';
import { issueBridgeKey, listBridgeKeys, revokeBridgeKey, revokeBridgeKeysOf } from './bridge-keys';
import { exchangeBridgeCommands, indicatorCommandRoutes } from './indicator-commands';
import { findLiveScale, liveScaleView } from './live-scale-view';
import { scaleAlertRoutes } from './scale-alerts';
import { scaleLaneRoutes } from './scale-lanes';
import { tareTruckRoute } from './tare-truck';

/** The scale metrics: a reading, or a scale in error or disconnected (what the bridge reported). */
function countReport(metrics: PortalMetrics, scaleId: number, report: BridgeReport): void {
  const scale = String(scaleId);
  if (report.reading) metrics.scaleReadings.inc({ scale });
  if (report.status === 'error' || report.status === 'disconnected')
    metrics.scaleErrors.inc({ scale, status: report.status });
}

/** Once a minute per scale at most: two bridges report several times a second between them. */
const secondBridgeWarnEveryMs = 60_000;
const secondBridgeWarnedAt = new Map<number, number>();

function warnOfSecondBridge(log: FastifyBaseLogger, scaleId: number): void {
  const now = Date.now();
  if (now - (secondBridgeWarnedAt.get(scaleId) ?? 0) < secondBridgeWarnEveryMs) return;
  secondBridgeWarnedAt.set(scaleId, now);
  log.warn(
    { scaleId },
    "two scale bridges report with one scale's key: its readings are refused until one stops",
  );
}

/** The Scale page's routes: scales, live weights, weighing start and stop, bridges' keys and reports. */
export const scaleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, pool, liveScales, config } = app.infra;
  const tags = ['scales'];
  await app.register(tareTruckRoute);
  await app.register(indicatorCommandRoutes);
  await app.register(scaleLaneRoutes);
  await app.register(scaleAlertRoutes);

  app.get('/api/scale/all', { schema: { tags, response: okResponses(Type.Array(ScaleSchema)) } }, async () =>
    listScales(db),
  );

  registerCatalogueRoutes(app, {
    base: '/api/scale',
    tag: 'scales',
    catalogue: scales,
    idKind: 'scale',
    response: ScaleSchema,
    validate: validateScale,
    find: (id) => findScale(db, id),
    uniqueNameIn: 'scales',
    details: {
      response: LiveScaleSchema,
      find: async (id) => {
        const scale = await findScale(db, id);
        return (
          scale && liveScaleView(scale, await liveScales.find(id), new Date(), config.scaleMaxReadingAgeMs)
        );
      },
      description:
        "The scale with its live weight in KG (currentWeight, null before the first reading), stable or in motion, its bridge's status and since when; the Scale page polls it every second while weighing. A bridge silent for 1.5 s makes the status 'disconnected'. notWeighableBecause says why a weigh-in or tare would refuse the reading now (PUT /api/ticket/weigh and POST /api/truck/tare/weight with scaleId answer 409 with that message).",
    },
    referencedBy: async () => [],
    async afterDelete(id) {
      await revokeBridgeKeysOf(pool, id);
      await liveScales.forget(id);
    },
  });

  const ScaleIdBody = Type.Object({ scaleId: Type.Optional(Type.Unknown()) });
  for (const [action, weighing] of [
    ['start', true],
    ['stop', false],
  ] as const) {
    app.post(
      `/api/scale/weigh/${action}`,
      {
        schema: {
          tags,
          summary: `${weighing ? 'Starts' : 'Stops'} weighing on the scale (the Scale page's Start/Stop); answers the live scale`,
          body: ScaleIdBody,
          response: okResponses(LiveScaleSchema),
        },
      },
      async (request) => {
        const scaleId = chosenId(request.body.scaleId, 'scaleId');
        if (scaleId === null)
          throw new DomainError('validation', scaleMessages.required, { scaleId: scaleMessages.required });
        await findLiveScale(app, scaleId);
        await liveScales.setWeighing(scaleId, weighing ? request.currentUser.id : null, new Date());
        return findLiveScale(app, scaleId);
      },
    );
  }

  app.get(
    '/api/scale/:id/keys',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: "The scale's bridge keys (never the keys themselves): when issued, last used, revoked",
        params: IdParams,
        response: okResponses(Type.Array(BridgeKeySchema)),
      },
    },
    async (request) => {
      await findLiveScale(app, request.params.id);
      return listBridgeKeys(pool, request.params.id);
    },
  );

  app.post(
    '/api/scale/:id/key',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: 'Issues a bridge key for the scale',
        description:
          'The answer is the only time the key is shown: only its SHA-256 is stored. Configure the bridge with it (SCALE_BRIDGE_KEY); revoke it when the bridge is retired or the key leaks.',
        params: IdParams,
        response: {
          201: Type.Object({ key: Type.String(), bridgeKey: BridgeKeySchema }) as TSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await findLiveScale(app, request.params.id);
      const { view, key } = await issueBridgeKey(pool, request.params.id, request.currentUser.id);
      return reply.status(201).send({ key, bridgeKey: view });
    },
  );

  app.post(
    '/api/scale/:id/key/:keyId/revoke',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: 'Revokes one bridge key of the scale: its bridge is refused from the next report on',
        params: Type.Object({ id: IdParams.properties.id, keyId: Type.String({ format: 'uuid' }) }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await revokeBridgeKey(pool, request.params.id, request.params.keyId)))
        throw new DomainError('not_found', 'Bridge key not found.');
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/scale/bridge/report',
    {
      config: { access: 'scale-bridge' },
      // Several a second per scale: logged only when something goes wrong.
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          "The scale bridge's report: its status and latest reading, for the scale its key was issued for",
        description:
          "A bridge that sends `acceptsCommands: true` gets 200 with the scale's pending indicator commands (zero, tare, print; POST /api/scale/{id}/command), each handed out once, and says what it did with them in `commandResults` of a later report. A bridge that does not (one from before commands) gets 204 No Content, as it always has.",
        body: BridgeReportSchema,
        response: { 200: BridgeReportAnswerSchema, 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { acceptsCommands, commandResults, ...report } = request.body;
      const { secondBridge } = await liveScales.saveReport(request.bridgeScaleId, report, new Date());
      if (secondBridge) warnOfSecondBridge(request.log, request.bridgeScaleId);
      countReport(app.infra.metrics, request.bridgeScaleId, report);
      const answer = await exchangeBridgeCommands(
        pool,
        request.bridgeScaleId,
        { acceptsCommands, commandResults },
        secondBridge,
      );
      return answer ? reply.status(200).send(answer) : reply.status(204).send(null);
    },
  );
};
