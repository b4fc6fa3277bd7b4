import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type LiveScale } from '@portal/contract';
import { listScales } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { liveScaleView } from './live-scale-view';

/** Every scale of the site with its live state at `now`, in the order of GET /api/scale/all. */
export async function liveScaleLanes(host: CommandHost, now: Date): Promise<LiveScale[]> {
  const { db, liveScales, config } = host.infra;
  const scales = await listScales(db);
  return Promise.all(
    scales.map(async (scale) =>
      liveScaleView(scale, await liveScales.find(scale.id), now, config.scaleMaxReadingAgeMs),
    ),
  );
}

/** The Scale page's lanes: every scale at once, polled every second while the page is open. */
export const scaleLaneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getScaleLive, async () => liveScaleLanes(app, new Date()));
};
