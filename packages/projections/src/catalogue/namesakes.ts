import { nameKey } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/** The catalogues whose records the office tells apart by name, and the column holding it. */
export const nameColumns = {
  contractorCompanies: 'name',
  transportCompanies: 'name',
  materials: 'name',
  materialTypes: 'name',
  scales: 'scaleName',
} as const;
export type NamedCatalogueTable = keyof typeof nameColumns;

/** Ids of the table's records named `name`, ignoring case and surrounding spaces (as `nameKey` does). */
export async function idsNamed(
  db: Kysely<Database>,
  table: NamedCatalogueTable,
  name: string,
): Promise<number[]> {
  const column = sql.ref(nameColumns[table]);
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where(sql<string>`lower(btrim(${column}))`, '=', nameKey(name))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
