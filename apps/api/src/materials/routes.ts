import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, MaterialSchema } from '@portal/contract';
import { materials, materialTypes, validateNamed } from '@portal/domain';
import { findNamed, listNamed, materialTypeReferences, ticketReferences } from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';

/** The routes of materials and material types (read by the scale screen, so open to every user). */
export const materialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  const list = { 200: Type.Array(MaterialSchema), ...errorResponses };

  app.get('/api/scale/material/all', { schema: { tags: ['materials'], response: list } }, async () =>
    listNamed(db, 'materials'),
  );
  app.get('/api/scale/material/type/all', { schema: { tags: ['materials'], response: list } }, async () =>
    listNamed(db, 'materialTypes'),
  );

  registerCatalogueRoutes(app, {
    base: '/api/scale/material/type',
    tag: 'materials',
    catalogue: materialTypes,
    idKind: 'material_type',
    response: MaterialSchema,
    validate: validateNamed,
    find: (id) => findNamed(db, 'materialTypes', id),
    uniqueNameIn: 'materialTypes',
    referencedBy: (id) => materialTypeReferences(db, id),
  });

  registerCatalogueRoutes(app, {
    base: '/api/scale/material',
    tag: 'materials',
    catalogue: materials,
    idKind: 'material',
    response: MaterialSchema,
    validate: validateNamed,
    find: (id) => findNamed(db, 'materials', id),
    uniqueNameIn: 'materials',
    referencedBy: (id) => ticketReferences(db, 'materialId', id),
  });
};
