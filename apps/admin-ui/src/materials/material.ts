import type { Identifier } from 'react-admin';

/** Materials and material types are both just a name; each kind has its resource, its paths and its texts. */
export const materialKinds = {
  materials: {
    resource: 'materials',
    path: (id: Identifier | 'new') => `/material/${id}`,
    title: 'portal.materials.materialsTitle',
    newTitle: 'portal.materials.newMaterial',
    editTitle: 'portal.materials.editMaterial',
  },
  materialTypes: {
    resource: 'materialTypes',
    path: (id: Identifier | 'new') => `/material-type/${id}`,
    title: 'portal.materials.materialTypesTitle',
    newTitle: 'portal.materials.newMaterialType',
    editTitle: 'portal.materials.editMaterialType',
  },
} as const;

export type MaterialKind = keyof typeof materialKinds;

export const MATERIALS_PATH = '/materials';
