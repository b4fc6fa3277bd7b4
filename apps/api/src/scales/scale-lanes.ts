import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type LiveScale, LiveScaleSchema, okResponses } from '@portal/contract';
import { listScales } from '@portal/projections';
import { Type } from '@sinclair/typebox';
import type { CommandHost } from '../plugins/infrastructure';
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
  app.get(
    '/api/scale/live',
    {
      schema: {
        tags: ['scales'],
        summary: 'Every scale with its live weight and status, as GET /api/scale/{id} answers each',
        description:
          "The Scale page's lanes view polls it every second: one call for all of the site's scales, in the order of GET /api/scale/all.",
        response: okResponses(Type.Array(LiveScaleSchema)),
      },
    },
    async () => liveScaleLanes(app, new Date()),
  );
};
