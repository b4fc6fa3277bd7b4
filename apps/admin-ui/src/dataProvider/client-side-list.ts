import type { GetListParams, GetListResult, RaRecord } from 'react-admin';

type ListQuery = Partial<Pick<GetListParams, 'filter' | 'sort' | 'pagination'>>;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareValues(a: unknown, b: unknown): number {
  // Empty values sort last in either direction, as in a spreadsheet.
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

function matchesFilter(record: RaRecord, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([field, wanted]) => {
    if (wanted == null || wanted === '') return true;
    if (field === 'q') {
      const needle = String(wanted).toLowerCase();
      return Object.values(record).some(
        (value) => value != null && String(value).toLowerCase().includes(needle),
      );
    }
    return String(record[field]) === String(wanted);
  });
}

/**
 * Filters (`q` searches every field), sorts and pages a whole collection in the browser: the spec's
 * `/all` routes return every row and take no paging or sorting parameters.
 */
export function queryList<RecordType extends RaRecord>(
  records: RecordType[],
  { filter = {}, sort, pagination }: ListQuery,
): GetListResult<RecordType> {
  const filtered = records.filter((record) => matchesFilter(record, filter));
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    filtered.sort((a, b) => direction * compareValues(a[sort.field], b[sort.field]));
  }
  if (!pagination) return { data: filtered, total: filtered.length };
  const start = (pagination.page - 1) * pagination.perPage;
  return { data: filtered.slice(start, start + pagination.perPage), total: filtered.length };
}
