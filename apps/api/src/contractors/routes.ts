import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContractorCompanySchema,
  ContractorCompanySearchSchema,
  ContractorContactSchema,
  errorResponses,
  LooseRecord,
} from '@portal/contract';
import {
  contractorCompanies,
  contractorContacts,
  DomainError,
  validateCompany,
  validateContractorContact,
} from '@portal/domain';
import {
  contractorCompanyReferences,
  contractorContactReferences,
  contractorIdsOverThreshold,
  findContractorCompany,
  findContractorContact,
  listContractorCompanies,
  listContractorContacts,
} from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { chosenId } from '../loose-body';

/** Contacts travel in an envelope naming their company. */
const ContactEnvelope = Type.Object({
  contractorCompanyId: Type.Optional(Type.Unknown()),
  contractorContact: Type.Optional(LooseRecord),
});

/** The contractor companies' and their contacts' routes. */
export const contractorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;

  app.get(
    '/api/contractorcompany/all',
    {
      schema: {
        tags: ['contractors'],
        querystring: Type.Object({
          name: Type.Optional(Type.String({ description: 'Case-insensitive "contains"' })),
        }),
        response: {
          200: ContractorCompanySearchSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      contractorCompanies: await listContractorCompanies(db, request.query.name),
      contractorIdsThatAreOverThreshold: await contractorIdsOverThreshold(db),
    }),
  );

  registerCatalogueRoutes(app, {
    base: '/api/contractorcompany',
    tag: 'contractors',
    catalogue: contractorCompanies,
    idKind: 'contractor_company',
    response: ContractorCompanySchema,
    validate: validateCompany,
    find: (id) => findContractorCompany(db, id),
    uniqueNameIn: 'contractorCompanies',
    referencedBy: (id) => contractorCompanyReferences(db, id),
  });

  app.post(
    '/api/contractorcontact/all',
    {
      schema: {
        tags: ['contractors'],
        body: ContactEnvelope,
        response: { 200: Type.Array(ContractorContactSchema), ...errorResponses },
      },
    },
    async (request) =>
      listContractorContacts(db, chosenId(request.body.contractorCompanyId, 'contractorCompanyId')),
  );

  registerCatalogueRoutes(app, {
    base: '/api/contractorcontact',
    tag: 'contractors',
    catalogue: contractorContacts,
    idKind: 'contractor_contact',
    response: ContractorContactSchema,
    body: ContactEnvelope,
    recordOf: (body) => body.contractorContact ?? {},
    validate: (body) => validateContractorContact(body.contractorCompanyId, body.contractorContact ?? {}),
    find: (id) => findContractorContact(db, id),
    referencedBy: (id) => contractorContactReferences(db, id),
    check: async ({ contractorCompanyId }) => {
      if (!(await findContractorCompany(db, contractorCompanyId))) {
        throw new DomainError('validation', contractorCompanies.notFoundMessage, {
          contractorCompanyId: contractorCompanies.notFoundMessage,
        });
      }
    },
  });
};
