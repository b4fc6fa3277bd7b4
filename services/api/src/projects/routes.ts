import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  IdParams,
  LooseRecord,
  ProjectLogEntrySchema,
  ProjectSchema,
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
  ticketReferences,
} from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { projectTicketRoutes } from './project-tickets';

/** Spec section 7: {project, loggedInUserId}; the acting user comes from the token, not the body. */
const ProjectEnvelope = Type.Object({
  project: Type.Optional(LooseRecord),
  loggedInUserId: Type.Optional(Type.Unknown()),
});

/** Spec section 7, Projects. */
export const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  const list = { 200: Type.Array(ProjectSchema), ...errorResponses };
  await app.register(projectTicketRoutes);

  app.get('/api/project/all', { schema: { tags: ['projects'], response: list } }, async () =>
    listProjects(db),
  );

  app.get(
    '/api/project/contractor/:id',
    { schema: { tags: ['projects'], params: IdParams, response: list } },
    async (request) => listProjects(db, request.params.id),
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
