import { settings } from '@portal/domain';
import { catalogueProjection } from '../catalogue/catalogue-projection';

export const settingsProjection = catalogueProjection({ catalogue: settings, table: 'settings' });
