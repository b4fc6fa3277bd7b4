import type { ProjectSortField } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { changeLogAnswer, changeLogSelection } from '../change-log';
import type { Database } from '../database';
import { ofCompany } from '../of-company';
import { fetchPage, type RecordListPage } from '../record-pages';

/** A project: the record plus the names the tables show. */
export const projectsView = (db: Kysely<Database>) =>
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
      'p.isSoilFloProject',
      sql<number>`(SELECT count(*)::int FROM tickets WHERE tickets.project_id = p.id)`.as('ticketsSold'),
      sql<number>`p.approved::float8`.as('approved'),
      'p.overThreshold',
      'p.saltImpacted',
      'p.notes',
      'p.version',
    ]);

type ViewRow = Awaited<ReturnType<ReturnType<typeof projectsView>['executeTakeFirstOrThrow']>>;

/** The spec's name isSoilFLOProject, renamed here: the CamelCasePlugin cannot round-trip an alias with a run of capitals. */
const specNames = ({ isSoilFloProject, ...row }: ViewRow) => ({ ...row, isSoilFLOProject: isSoilFloProject });

export type ProjectView = ReturnType<typeof specNames>;

export const listProjects = async (db: Kysely<Database>, contractorCompanyId: number | null = null) => {
  const rows = await ofCompany(projectsView(db), 'p.contractorCompanyId', contractorCompanyId)
    .orderBy('p.projectId')
    .orderBy('p.id')
    .execute();
  return rows.map(specNames);
};

const projectColumns: Record<ProjectSortField, string> = {
  id: 'p.id',
  projectId: 'p.projectId',
  contractorCompanyName: 'company.name',
  jobSite: 'p.jobSite',
  siteContactName: 'site.name',
  siteContactNumber: 'site.number',
  officeContactName: 'office.name',
  officeContactNumber: 'office.number',
  // The view's own output column (a count of tickets), named as it is selected.
  ticketsSold: 'ticketsSold',
  approved: 'p.approved',
  saltImpacted: 'p.saltImpacted',
  overThreshold: 'p.overThreshold',
  isSoilFLOProject: 'p.isSoilFloProject',
};

/** One page of the projects (of one contractor, or all), in the chosen order, and how many there are in all. */
export async function listProjectsPage(
  db: Kysely<Database>,
  contractorCompanyId: number | null,
  page: RecordListPage<ProjectSortField>,
) {
  const rows = ofCompany(projectsView(db), 'p.contractorCompanyId', contractorCompanyId);
  const counted = ofCompany(
    db.selectFrom('projects as p').select((eb) => eb.fn.countAll<number>().as('total')),
    'p.contractorCompanyId',
    contractorCompanyId,
  );
  const { rows: projects, total } = await fetchPage(rows, counted, page, projectColumns, 'p.id');
  return { projects: projects.map(specNames), total };
}

export const findProject = async (db: Kysely<Database>, id: number): Promise<ProjectView | undefined> => {
  const row = await projectsView(db).where('p.id', '=', id).executeTakeFirst();
  return row && specNames(row);
};

/** Newest first, as the log screen lists them; the data objects are serialised JSON, before and after. */
export const listProjectLog = async (db: Kysely<Database>, projectId: number) =>
  changeLogAnswer(
    await db
      .selectFrom('projectLog')
      .select(changeLogSelection)
      .where('projectId', '=', projectId)
      .orderBy('id', 'desc')
      .execute(),
  );
