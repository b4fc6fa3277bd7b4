import { Type } from '@sinclair/typebox';
import {
  ContractorCompanySchema,
  ContractorCompanySearchSchema,
  ContractorContactSchema,
} from '../contractors';
import { errorResponses, LooseRecord } from '../http';
import { catalogueEndpoints } from './catalogue';
import { endpoint } from './endpoint';

/** Spec section 7: contacts travel in an envelope naming their company. */
const ContactEnvelope = Type.Object({
  contractorCompanyId: Type.Optional(Type.Unknown()),
  contractorContact: Type.Optional(LooseRecord),
});

export const contractorsEndpoints = {
  getContractorcompanyAll: endpoint({
    method: 'GET',
    path: '/api/contractorcompany/all',
    access: 'user',
    tags: ['contractors'],
    querystring: Type.Object({
      name: Type.Optional(Type.String({ description: 'Case-insensitive "contains"' })),
    }),
    response: {
      200: ContractorCompanySearchSchema,
      ...errorResponses,
    },
    summary:
      'The contractor companies (with `name`, those whose name contains it), and the ids of those over threshold',
  }),
  postContractorcontactAll: endpoint({
    method: 'POST',
    path: '/api/contractorcontact/all',
    access: 'user',
    tags: ['contractors'],
    body: ContactEnvelope,
    response: { 200: Type.Array(ContractorContactSchema), ...errorResponses },
    summary: 'The contacts of one contractor company',
  }),
};

export const contractorCompanyCatalogue = catalogueEndpoints({
  tag: 'contractors',
  noun: 'contractor company',
  paths: {
    read: '/api/contractorcompany/:id',
    create: '/api/contractorcompany/new',
    edit: '/api/contractorcompany/edit',
    remove: '/api/contractorcompany/:id',
  },
  response: ContractorCompanySchema,
});

export const contractorContactCatalogue = catalogueEndpoints({
  tag: 'contractors',
  noun: 'contractor contact',
  paths: {
    read: '/api/contractorcontact/:id',
    create: '/api/contractorcontact/new',
    edit: '/api/contractorcontact/edit',
    remove: '/api/contractorcontact/:id',
  },
  response: ContractorContactSchema,
  body: ContactEnvelope,
});
