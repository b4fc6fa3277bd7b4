import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type ProjectPageQuery, recordPageSizes } from '@portal/contract';
import {
  contractorCompanies,
  DomainError,
  type FieldErrors,
  projects,
  validateProject,
} from '@portal/domain';
import {
  findContractorCompany,
  findContractorContact,
  findNamed,
  findProject,
  listProjectLog,
  listProjects,
  listProjectsPage,
  ticketReferences,
} from '@portal/projections';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { pageAskedFor } from '../list-pages';
import { route } from '../route';
import { projectTicketRoutes } from './project-tickets';

/** The projects' routes. */
export const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  /** Every project (the spec's answer) or the page the query string asks for. */
  const projectList = (contractorCompanyId: number | null, query: ProjectPageQuery) => {
    const page = pageAskedFor(query, recordPageSizes);
    return page ? listProjectsPage(db, contractorCompanyId, page) : listProjects(db, contractorCompanyId);
  };
  await app.register(projectTicketRoutes);

  route(app, endpoints.getProjectAll, async (request) => projectList(null, request.query));

  route(app, endpoints.getProjectContractorById, async (request) =>
    projectList(request.params.id, request.query),
  );

  route(app, endpoints.getProjectLogsById, async (request) =>
    (await listProjectLog(db, request.params.id)).map((entry) => ({
      ...entry,
      date: entry.date.toISOString(),
    })),
  );

  registerCatalogueRoutes(app, {
    endpoints: endpoints.projectCatalogue,
    catalogue: projects,
    idKind: 'project',
    recordOf: (body) => body.project ?? {},
    validate: (body) => validateProject(body.project ?? {}),
    find: (id) => findProject(db, id),
    referencedBy: (id) => ticketReferences(db, 'projectId', id),
    async check(project) {
      const errors: FieldErrors = {};
      if (!(await findContractorCompany(db, project.contractorCompanyId)))
        errors.contractorCompanyId = contractorCompanies.notFoundMessage;
      for (const field of ['siteContactId', 'officeContactId'] as const) {
        const contactId = project[field];
        if (contactId === null) continue;
        const contact = await findContractorContact(db, contactId);
        if (contact?.contractorCompanyId !== project.contractorCompanyId)
          errors[field] = 'Choose a contact of this contractor';
      }
      if (
        project.materialTypeId !== null &&
        !(await findNamed(db, 'materialTypes', project.materialTypeId))
      ) {
        errors.materialTypeId = 'Material type not found.';
      }
      const first = Object.values(errors)[0];
      if (first) throw new DomainError('validation', first, errors);
    },
  });
};
