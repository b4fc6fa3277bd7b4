/** A select that can be narrowed to one column's value, as Kysely's select builders can. */
interface NarrowableQuery<Column extends string, Query> {
  where(column: Column, operator: '=', value: number): Query;
}

/** The rows of one company (those whose `column` holds `companyId`), or of every company when it is null. */
export const ofCompany = <Column extends string, Query extends NarrowableQuery<Column, Query>>(
  query: Query,
  column: Column,
  companyId: number | null,
): Query => (companyId === null ? query : query.where(column, '=', companyId));
