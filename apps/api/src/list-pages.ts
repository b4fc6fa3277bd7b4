/** A list's paging, as its query string may carry it (the contract's page query schemas). */
interface PageQuery<Field extends string> {
  page?: number;
  perPage?: number;
  sort?: Field;
  order?: 'ASC' | 'DESC';
}

/** The page a list's query string asks for: the first, of the list's first size, unless it says otherwise. */
export const pageOf = <Field extends string>(
  query: PageQuery<Field>,
  sizes: readonly [number, ...number[]],
) => ({ page: query.page ?? 1, perPage: query.perPage ?? sizes[0], sort: query.sort, order: query.order });

/** None (the spec's answer, the whole list) when the query string names neither a page nor a size. */
export const pageAskedFor = <Field extends string>(
  query: PageQuery<Field>,
  sizes: readonly [number, ...number[]],
) => (query.page === undefined && query.perPage === undefined ? undefined : pageOf(query, sizes));
