import { countOf } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { ticketReferences } from '../tickets/tickets-queries';

type NamedTable = 'materials' | 'materialTypes';

export const listNamed = (db: Kysely<Database>, table: NamedTable) =>
  db.selectFrom(table).select(['id', 'name', 'version']).orderBy('name').orderBy('id').execute();

export const findNamed = (db: Kysely<Database>, table: NamedTable, id: number) =>
  db.selectFrom(table).select(['id', 'name', 'version']).where('id', '=', id).executeTakeFirst();

/** Material types are used by projects (and, with the tickets release, by tickets). */
export async function materialTypeReferences(db: Kysely<Database>, id: number): Promise<string[]> {
  const { count } = await db
    .selectFrom('projects')
    .select(sql<string>`count(*)`.as('count'))
    .where('materialTypeId', '=', id)
    .executeTakeFirstOrThrow();
  return [
    ...(Number(count) ? [countOf(Number(count), 'project')] : []),
    ...(await ticketReferences(db, 'materialTypeId', id)),
  ];
}
