import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { settings, settingsId, validateSettings } from '@portal/domain';
import { getSettings } from '@portal/projections';
import { createRecord, updateRecord } from '../catalogue/catalogue-commands';
import { versionOf } from '../loose-body';
import { route } from '../route';

/** The site's settings; PUT is the administrators' way to change them. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;

  route(app, endpoints.getSetting, async () => getSettings(db));

  route(app, endpoints.putSetting, async (request) => {
    const data = validateSettings(request.body);
    const options = { actorId: request.currentUser.id, expectedVersion: versionOf(request.body) };
    const current = await getSettings(db);
    if (current.version === 0) {
      await createRecord(app, settings, settingsId, data, options);
    } else {
      await updateRecord(app, settings, settingsId, data, options);
    }
    return getSettings(db);
  });
};
