import { scales } from '@portal/domain';
import { catalogueProjection } from '../catalogue/catalogue-projection';

export const scalesProjection = catalogueProjection({
  catalogue: scales,
  table: 'scales',
  toRow: ({ id, scaleName, minimumWeightDivisions, returnToZeroRequired, capacityKg }) => ({
    id,
    scaleName,
    minimumWeightDivisions,
    returnToZeroRequired,
    capacityKg,
  }),
});
