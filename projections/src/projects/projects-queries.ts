import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/** Spec section 3, Project: the record plus the names the tables show. */
const projectsView = (db: Kysely<Database>) =>
  db
    .selectFrom('projects as p')
    .innerJoin('contractorCompanies as company', 'company.id', 'p.contractorCompanyId')
    .leftJoin('contractorContacts as site', 'site.id', 'p.siteContactId')
    .leftJoin('contractorContacts as office', 'office.id', 'p.officeContactId')
    .leftJoin('materialTypes as mt', 'mt.id', 'p.materialTypeId')
    .select([
      'p.id',
      'p.projectId',
      'p.contractorCompanyId',
      'company.name as contractorCompanyName',
      'p.jobSite',
      'p.siteContactId',
      'site.name as siteContactName',
      'site.number as siteContactNumber',
      'p.officeContactId',
      'office.name as officeContactName',
      'office.number as officeContactNumber',
      'p.materialTypeId',
      'mt.name as materialTypeName',
      'p.isSoilFloProject as isSoilFLOProject',
      // Counted from the tickets read model once tickets exist (tickets release).
      sql<number>`0`.as('ticketsSold'),
      sql<number>`p.approved::float8`.as('approved'),
      'p.overThreshold',
      'p.saltImpacted',
      'p.notes',
      'p.version',
    ]);

export type ProjectView = Awaited<ReturnType<typeof findProject>>;

export const listProjects = (db: Kysely<Database>, contractorCompanyId: number | null = null) => {
  const query = projectsView(db).orderBy('p.projectId').orderBy('p.id');
  return contractorCompanyId === null
    ? query.execute()
    : query.where('p.contractorCompanyId', '=', contractorCompanyId).execute();
};

export const findProject = (db: Kysely<Database>, id: number) =>
  projectsView(db).where('p.id', '=', id).executeTakeFirst();

/** Newest first, as the log screen lists them; the data objects are serialised JSON (spec section 3, Logs). */
export const listProjectLog = async (db: Kysely<Database>, projectId: number) =>
  (
    await db
      .selectFrom('projectLog')
      .select(['id', 'date', 'username', 'firstName', 'lastName', 'currentDataObject', 'updatedDataObject'])
      .where('projectId', '=', projectId)
      .orderBy('id', 'desc')
      .execute()
  ).map((entry) => ({
    ...entry,
    id: Number(entry.id),
    currentDataObject: entry.currentDataObject === null ? null : JSON.stringify(entry.currentDataObject),
    updatedDataObject: entry.updatedDataObject === null ? null : JSON.stringify(entry.updatedDataObject),
  }));
