import { type RawBuilder, sql } from 'kysely';

/** One page of a record list, in a chosen order (the list's own order when none is chosen). */
export interface RecordListPage<Field extends string> {
  page: number;
  perPage: number;
  sort?: Field;
  order?: 'ASC' | 'DESC';
}

/**
 * ORDER BY terms of a page: the chosen column (empty values last, as in a spreadsheet) then the id, so rows
 * that tie keep one order from page to page. `columns` names each sortable field's column or output alias.
 */
export function pageOrder<Field extends string>(
  page: RecordListPage<Field>,
  columns: Record<Field, string>,
  id: string,
): RawBuilder<unknown>[] {
  const direction = sql.raw(page.order === 'DESC' ? 'DESC' : 'ASC');
  const chosen = page.sort ? [sql`${sql.ref(columns[page.sort])} ${direction} NULLS LAST`] : [];
  return [...chosen, sql`${sql.ref(id)} ${direction}`];
}

export const pageOffset = (page: RecordListPage<string>) => (page.page - 1) * page.perPage;
