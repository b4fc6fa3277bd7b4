import { defaultVisibleReportColumns, type ReportColumnKey, reportColumnKeys } from '@portal/contract';

/**
 * Which report columns a signed-in user ticked, kept in the browser per user id (the
 * first 6 by default), so that each administrator finds their own choice on their next visit.
 */

const storageKey = (userId: string) => `portal.reports.columns.${userId}`;

type ColumnStore = Pick<Storage, 'getItem' | 'setItem'>;

/** In reportColumns order; unknown or missing keys (an older choice, a hand-edited value) are dropped. */
export const inReportOrder = (columns: Iterable<string>): ReportColumnKey[] => {
  const chosen = new Set(columns);
  return reportColumnKeys.filter((key) => chosen.has(key));
};

export function loadColumnChoice(store: ColumnStore, userId: string | undefined): ReportColumnKey[] {
  if (!userId) return defaultVisibleReportColumns;
  try {
    const saved: unknown = JSON.parse(store.getItem(storageKey(userId)) ?? 'null');
    if (!Array.isArray(saved)) return defaultVisibleReportColumns;
    const columns = inReportOrder(saved.filter((key): key is string => typeof key === 'string'));
    return columns.length > 0 ? columns : defaultVisibleReportColumns;
  } catch {
    return defaultVisibleReportColumns;
  }
}

export function saveColumnChoice(
  store: ColumnStore,
  userId: string | undefined,
  columns: readonly ReportColumnKey[],
): void {
  if (userId) store.setItem(storageKey(userId), JSON.stringify(columns));
}
