import { legalHolds, retentionPolicy } from '@portal/domain';
import { catalogueProjection } from '../catalogue/catalogue-projection';

export const retentionPolicyProjection = catalogueProjection({
  catalogue: retentionPolicy,
  table: 'retentionPolicy',
});
export const legalHoldsProjection = catalogueProjection({ catalogue: legalHolds, table: 'legalHolds' });
