import { countOf } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { ofCompany } from '../of-company';
import { ticketReferences } from '../tickets/ticket-references';

export const listContractorCompanies = (db: Kysely<Database>, nameContains?: string) => {
  let query = db
    .selectFrom('contractorCompanies')
    .select(['id', 'name', 'version'])
    .orderBy('name')
    .orderBy('id');
  if (nameContains?.trim()) {
    // LIKE's wildcards are escaped, so '_' and '%' match themselves: a plain "contains".
    const escaped = nameContains
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, '\\$&');
    const pattern = `%${escaped}%`;
    query = query.where(sql<boolean>`lower(name) like ${pattern}`);
  }
  return query.execute();
};

export const findContractorCompany = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('contractorCompanies')
    .select(['id', 'name', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A contractor is over threshold when any of its projects is flagged over threshold. */
export const contractorIdsOverThreshold = async (db: Kysely<Database>): Promise<number[]> =>
  (
    await db
      .selectFrom('projects')
      .select('contractorCompanyId')
      .distinct()
      .where('overThreshold', '=', true)
      .orderBy('contractorCompanyId')
      .execute()
  ).map((row) => row.contractorCompanyId);

const contactColumns = [
  'c.id',
  'c.contractorCompanyId',
  'company.name as contractorCompanyName',
  'c.name',
  'c.number',
  'c.email',
  'c.isOfficeContact',
  'c.isSiteContact',
  'c.version',
] as const;

const contacts = (db: Kysely<Database>) =>
  db
    .selectFrom('contractorContacts as c')
    .innerJoin('contractorCompanies as company', 'company.id', 'c.contractorCompanyId')
    .select(contactColumns);

export const listContractorContacts = (db: Kysely<Database>, contractorCompanyId: number | null) =>
  ofCompany(contacts(db), 'c.contractorCompanyId', contractorCompanyId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();

export const findContractorContact = (db: Kysely<Database>, id: number) =>
  contacts(db).where('c.id', '=', id).executeTakeFirst();

const countWhere = async (
  db: Kysely<Database>,
  table: 'projects' | 'contractorContacts',
  column: 'contractorCompanyId' | 'siteContactId' | 'officeContactId',
  id: number,
): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(table)
        .select(sql<string>`count(*)`.as('count'))
        .where(sql.ref(column), '=', id)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** What still refers to a contractor company: its projects and contacts. */
export async function contractorCompanyReferences(db: Kysely<Database>, id: number): Promise<string[]> {
  const projects = await countWhere(db, 'projects', 'contractorCompanyId', id);
  const contactsCount = await countWhere(db, 'contractorContacts', 'contractorCompanyId', id);
  return [
    ...(projects ? [countOf(projects, 'project')] : []),
    ...(contactsCount ? [countOf(contactsCount, 'contact')] : []),
    ...(await ticketReferences(db, 'contractorCompanyId', id)),
  ];
}

/** What still refers to a contractor contact: projects naming it as site or office contact. */
export async function contractorContactReferences(db: Kysely<Database>, id: number): Promise<string[]> {
  const count =
    (await countWhere(db, 'projects', 'siteContactId', id)) +
    (await countWhere(db, 'projects', 'officeContactId', id));
  return [
    ...(count ? [countOf(count, 'project')] : []),
    ...(await ticketReferences(db, 'contractorOfficeContactId', id)),
  ];
}

/** The id of the contractor or haulage company of this name, in any case (the first by id), if any. */
export const findCompanyIdByName = async (
  db: Kysely<Database>,
  table: 'contractorCompanies' | 'transportCompanies',
  name: string,
): Promise<number | null> =>
  (
    await db
      .selectFrom(table)
      .select('id')
      .where(sql<boolean>`lower(name) = ${name.trim().toLowerCase()}`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  )?.id ?? null;
