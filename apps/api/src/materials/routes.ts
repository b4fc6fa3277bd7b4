import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { materials, materialTypes, validateNamed } from '@portal/domain';
import { findNamed, listNamed, materialTypeReferences, ticketReferences } from '@portal/projections';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { route } from '../route';

/** The routes of materials and material types (read by the scale screen, so open to every user). */
export const materialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;

  route(app, endpoints.getScaleMaterialAll, async () => listNamed(db, 'materials'));
  route(app, endpoints.getScaleMaterialTypeAll, async () => listNamed(db, 'materialTypes'));

  registerCatalogueRoutes(app, {
    endpoints: endpoints.materialTypeCatalogue,
    catalogue: materialTypes,
    idKind: 'material_type',
    validate: validateNamed,
    find: (id) => findNamed(db, 'materialTypes', id),
    uniqueNameIn: 'materialTypes',
    referencedBy: (id) => materialTypeReferences(db, id),
  });

  registerCatalogueRoutes(app, {
    endpoints: endpoints.materialCatalogue,
    catalogue: materials,
    idKind: 'material',
    validate: validateNamed,
    find: (id) => findNamed(db, 'materials', id),
    uniqueNameIn: 'materials',
    referencedBy: (id) => ticketReferences(db, 'materialId', id),
  });
};
