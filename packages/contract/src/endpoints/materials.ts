import { Type } from '@sinclair/typebox';
import { errorResponses } from '../http';
import { MaterialSchema } from '../materials';
import { catalogueEndpoints } from './catalogue';
import { endpoint } from './endpoint';

const list = { 200: Type.Array(MaterialSchema), ...errorResponses };

export const materialsEndpoints = {
  getScaleMaterialAll: endpoint({
    method: 'GET',
    path: '/api/scale/material/all',
    access: 'user',
    tags: ['materials'],
    response: list,
    summary: 'Every material',
  }),
  getScaleMaterialTypeAll: endpoint({
    method: 'GET',
    path: '/api/scale/material/type/all',
    access: 'user',
    tags: ['materials'],
    response: list,
    summary: 'Every material type',
  }),
};

export const materialTypeCatalogue = catalogueEndpoints({
  tag: 'materials',
  noun: 'material type',
  paths: {
    read: '/api/scale/material/type/:id',
    create: '/api/scale/material/type/new',
    edit: '/api/scale/material/type/edit',
    remove: '/api/scale/material/type/:id',
  },
  response: MaterialSchema,
});

export const materialCatalogue = catalogueEndpoints({
  tag: 'materials',
  noun: 'material',
  paths: {
    read: '/api/scale/material/:id',
    create: '/api/scale/material/new',
    edit: '/api/scale/material/edit',
    remove: '/api/scale/material/:id',
  },
  response: MaterialSchema,
});
