import { recordPageSizes } from '@portal/contract';
import type { GetListParams } from 'react-admin';

/** A resource whose list route pages on the server: the columns it sorts by and the key of a page's rows. */
export interface ServerPaging {
  sortFields: readonly string[];
  rows: string;
}

type ListQuery = Pick<GetListParams, 'pagination' | 'sort' | 'filter'>;

/**
 * The query string that asks the list route for the page react-admin wants, or null when the server cannot
 * answer it (a size the tables do not offer, such as "every record"; a column it does not sort by; a filter
 * beyond the list's own company): then the whole list is fetched and paged in the browser.
 */
export function serverPageQuery(
  paging: ServerPaging,
  { pagination, sort, filter }: ListQuery,
  ownFilter: readonly string[] = [],
): string | null {
  if (!pagination || !(recordPageSizes as readonly number[]).includes(pagination.perPage)) return null;
  if (sort?.field && !paging.sortFields.includes(sort.field)) return null;
  const filtered = Object.entries(filter ?? {}).some(
    ([field, value]) => !ownFilter.includes(field) && value !== undefined && value !== '',
  );
  if (filtered) return null;
  const query = new URLSearchParams({ page: String(pagination.page), perPage: String(pagination.perPage) });
  if (sort?.field) query.set('sort', sort.field);
  if (sort?.order) query.set('order', sort.order === 'DESC' ? 'DESC' : 'ASC');
  return `?${query}`;
}
