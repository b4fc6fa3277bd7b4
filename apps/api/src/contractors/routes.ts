import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
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
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { chosenId } from '../loose-body';
import { route } from '../route';

/** The contractor companies' and their contacts' routes. */
export const contractorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;

  route(app, endpoints.getContractorcompanyAll, async (request) => ({
    contractorCompanies: await listContractorCompanies(db, request.query.name),
    contractorIdsThatAreOverThreshold: await contractorIdsOverThreshold(db),
  }));

  registerCatalogueRoutes(app, {
    endpoints: endpoints.contractorCompanyCatalogue,
    catalogue: contractorCompanies,
    idKind: 'contractor_company',
    validate: validateCompany,
    find: (id) => findContractorCompany(db, id),
    uniqueNameIn: 'contractorCompanies',
    referencedBy: (id) => contractorCompanyReferences(db, id),
  });

  route(app, endpoints.postContractorcontactAll, async (request) =>
    listContractorContacts(db, chosenId(request.body.contractorCompanyId, 'contractorCompanyId')),
  );

  registerCatalogueRoutes(app, {
    endpoints: endpoints.contractorContactCatalogue,
    catalogue: contractorContacts,
    idKind: 'contractor_contact',
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
