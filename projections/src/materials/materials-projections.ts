import { materials, materialTypes } from '@portal/domain';
import { catalogueProjection } from '../catalogue/catalogue-projection';

export const materialsProjection = catalogueProjection({
  catalogue: materials,
  table: 'materials',
  toRow: ({ id, name }) => ({ id, name }),
});

export const materialTypesProjection = catalogueProjection({
  catalogue: materialTypes,
  table: 'materialTypes',
  toRow: ({ id, name }) => ({ id, name }),
});
