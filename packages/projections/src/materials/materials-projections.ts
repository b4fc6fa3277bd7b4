import { materials, materialTypes } from '@portal/domain';
import { namedRecordProjection } from '../catalogue/catalogue-projection';

export const materialsProjection = namedRecordProjection(materials, 'materials');

export const materialTypesProjection = namedRecordProjection(materialTypes, 'materialTypes');
