import { List, type ListProps, Pagination } from 'react-admin';

/** Every table shows 50 rows a page, with 50, 100 or 150 to choose from. */
export const rowsPerPage = 50;
export const RecordPagination = () => <Pagination rowsPerPageOptions={[rowsPerPage, 100, 150]} />;

/** A list screen of records: paged as every table is, with no export and no empty-list page. */
export const RecordList = (props: ListProps) => (
  <List perPage={rowsPerPage} pagination={<RecordPagination />} exporter={false} empty={false} {...props} />
);
