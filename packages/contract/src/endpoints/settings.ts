import { errorResponses, LooseRecord } from '../http';
import { SettingsSchema } from '../settings';
import { endpoint } from './endpoint';

export const settingsEndpoints = {
  getSetting: endpoint({
    method: 'GET',
    path: '/api/setting',
    access: 'user',
    tags: ['settings'],
    response: { 200: SettingsSchema, ...errorResponses },
    summary: "The site's settings",
  }),
  putSetting: endpoint({
    method: 'PUT',
    path: '/api/setting',
    access: 'admin',
    tags: ['settings'],
    body: LooseRecord,
    response: { 200: SettingsSchema, ...errorResponses },
    summary: "Saves the site's settings",
  }),
};
