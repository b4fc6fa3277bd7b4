import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  IdParams,
  LooseRecord,
  ProjectLogEntrySchema,
  ProjectPageQuery,
  ProjectPageSchema,
  ProjectSchema,
  recordPageSizes,
} from '@portal/contract';
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
import { Type } from '@sinclair/typebox';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { pageAskedFor, pagingDescription } from '../list-pages';
import { projectTicketRoutes } from './project-tickets';

/** A project save: {project, loggedInUserId}; the acting user comes from the token, not the body. */
const ProjectEnvelope = Type.Object({
  project: Type.Optional(LooseRecord),
  loggedInUserId: Type.Optional(Type.Unknown()),
});

/** The projects' routes. */
export const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  const list = {
    description: pagingDescription(recordPageSizes, 'records'),
    querystring: ProjectPageQuery,
    response: { 200: Type.Union([Type.Array(ProjectSchema), ProjectPageSchema]), ...errorResponses },
  };
  /** Every project (the spec's answer) or the page the query string asks for. */
  const projectList = (contractorCompanyId: number | null, query: ProjectPageQuery) => {
    const page = pageAskedFor(query, recordPageSizes);
    return page ? listProjectsPage(db, contractorCompanyId, page) : listProjects(db, contractorCompanyId);
  };
  await app.register(projectTicketRoutes);

  app.get('/api/project/all', { schema: { tags: ['projects'], ...list } }, async (request) =>
    projectList(null, request.query),
  );

  app.get(
    '/api/project/contractor/:id',
    { schema: { tags: ['projects'], params: IdParams, ...list } },
    async (request) => projectList(request.params.id, request.query),
  );

  app.get(
    '/api/project/logs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['projects'],
        params: IdParams,
        response: { 200: Type.Array(ProjectLogEntrySchema), ...errorResponses },
      },
    },
    async (request) =>
      (await listProjectLog(db, request.params.id)).map((entry) => ({
        ...entry,
        date: entry.date.toISOString(),
      })),
  );

  registerCatalogueRoutes(app, {
    base: '/api/project',
    tag: 'projects',
    catalogue: projects,
    idKind: 'project',
    response: ProjectSchema,
    body: ProjectEnvelope,
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
