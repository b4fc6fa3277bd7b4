import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type BridgeReport, endpoints } from '@portal/contract';
import {
  bridgeReadingRefusal,
  DomainError,
  scaleMessages,
  scales,
  validateScale,
  weightLimitKg,
} from '@portal/domain';
import { findScale, getSettings, listScales } from '@portal/projections';
import type { FastifyBaseLogger } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { requiredId } from '../loose-body';
import type { PortalMetrics } from '../observability/portal-metrics';
import { route } from '../route';
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

/**
 * Refuses (400), counts and notes for the Scale page a report whose reading is off the portal's clock or
 * off the scale (issue 32, item 7): it never becomes the live weight.
 */
async function refuseInsaneReading(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  scaleId: number,
  report: BridgeReport,
) {
  if (!report.reading) return;
  const [scale, settings] = await Promise.all([findScale(app.infra.db, scaleId), getSettings(app.infra.db)]);
  const limitKg = weightLimitKg(scale?.capacityKg, settings.maximumWeightKg);
  const refusal = bridgeReadingRefusal(report.reading, new Date(), limitKg);
  if (!refusal) return;
  app.infra.metrics.scaleReportsRefused.inc({ scale: String(scaleId), reason: refusal.reason });
  await app.infra.liveScales.saveRefusal(scaleId, refusal.message, new Date());
  throw new DomainError('validation', refusal.message);
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
  await app.register(tareTruckRoute);
  await app.register(indicatorCommandRoutes);
  await app.register(scaleLaneRoutes);
  await app.register(scaleAlertRoutes);

  route(app, endpoints.getScaleAll, async () => listScales(db));

  registerCatalogueRoutes(app, {
    endpoints: endpoints.scaleCatalogue,
    catalogue: scales,
    idKind: 'scale',
    validate: validateScale,
    find: (id) => findScale(db, id),
    uniqueNameIn: 'scales',
    details: {
      find: async (id) => {
        const scale = await findScale(db, id);
        return (
          scale && liveScaleView(scale, await liveScales.find(id), new Date(), config.scaleMaxReadingAgeMs)
        );
      },
    },
    referencedBy: async () => [],
    async afterDelete(id) {
      await revokeBridgeKeysOf(pool, id);
      await liveScales.forget(id);
    },
  });

  for (const [declaration, weighing] of [
    [endpoints.postScaleWeighStart, true],
    [endpoints.postScaleWeighStop, false],
  ] as const) {
    route(app, declaration, async (request) => {
      const scaleId = requiredId(request.body.scaleId, 'scaleId', scaleMessages.required);
      await findLiveScale(app, scaleId);
      await liveScales.setWeighing(scaleId, weighing ? request.currentUser.id : null, new Date());
      return findLiveScale(app, scaleId);
    });
  }

  route(app, endpoints.getScaleByIdKeys, async (request) => {
    await findLiveScale(app, request.params.id);
    return listBridgeKeys(pool, request.params.id);
  });

  route(app, endpoints.postScaleByIdKey, async (request, reply) => {
    await findLiveScale(app, request.params.id);
    const { view, key } = await issueBridgeKey(pool, request.params.id, request.currentUser.id);
    return reply.status(201).send({ key, bridgeKey: view });
  });

  route(app, endpoints.postScaleByIdKeyByKeyIdRevoke, async (request, reply) => {
    if (!(await revokeBridgeKey(pool, request.params.id, request.params.keyId)))
      throw new DomainError('not_found', 'Bridge key not found.');
    return reply.status(204).send(null);
  });

  route(
    app,
    endpoints.putScaleBridgeReport,
    async (request, reply) => {
      const { acceptsCommands, commandResults, ...report } = request.body;
      await refuseInsaneReading(app, request.bridgeScaleId, report);
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
    // Several a second per scale: logged only when something goes wrong.
    { logLevel: 'warn' },
  );
};
