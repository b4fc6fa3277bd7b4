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
function pageOrder<Field extends string>(
  page: RecordListPage<Field>,
  columns: Record<Field, string>,
  id: string,
): RawBuilder<unknown>[] {
  const direction = sql.raw(page.order === 'DESC' ? 'DESC' : 'ASC');
  const chosen = page.sort ? [sql`${sql.ref(columns[page.sort])} ${direction} NULLS LAST`] : [];
  return [...chosen, sql`${sql.ref(id)} ${direction}`];
}

const pageOffset = (page: RecordListPage<string>) => (page.page - 1) * page.perPage;

/** A select whose rows can be ordered and cut to a page, as Kysely's select builders can. */
interface PageableQuery<Row> {
  orderBy(term: RawBuilder<unknown>): PageableQuery<Row>;
  limit(count: number): { offset(count: number): { execute(): Promise<Row[]> } };
}

/**
 * One page of `rows` in the page's order (`columns` and `id` as `pageOrder` takes them), and how many
 * rows there are in all as `counted` counts them (under the same filter as `rows`).
 */
export async function fetchPage<Row, Field extends string>(
  rows: PageableQuery<Row>,
  counted: { executeTakeFirstOrThrow(): Promise<{ total: number }> },
  page: RecordListPage<Field>,
  columns: Record<Field, string>,
  id: string,
): Promise<{ rows: Row[]; total: number }> {
  let ordered = rows;
  for (const term of pageOrder(page, columns, id)) ordered = ordered.orderBy(term);
  const [found, count] = await Promise.all([
    ordered.limit(page.perPage).offset(pageOffset(page)).execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: Number(count.total) };
}
