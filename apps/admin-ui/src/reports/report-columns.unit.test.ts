import { defaultVisibleReportColumns } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { inReportOrder, loadColumnChoice, saveColumnChoice } from './report-columns';

const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('the report column choice', () => {
  it('is the first 6 columns until a user chooses', () => {
    expect(loadColumnChoice(memoryStore(), '7')).toEqual(defaultVisibleReportColumns);
    expect(defaultVisibleReportColumns).toHaveLength(6);
  });

  it("is remembered per user: one user's choice is not another's", () => {
    const store = memoryStore();
    saveColumnChoice(store, '7', ['notes', 'ticketNumber']);
    expect(loadColumnChoice(store, '7')).toEqual(['ticketNumber', 'notes']);
    expect(loadColumnChoice(store, '8')).toEqual(defaultVisibleReportColumns);
  });

  it('is not kept without a signed-in user', () => {
    const store = memoryStore();
    saveColumnChoice(store, undefined, ['notes']);
    expect(loadColumnChoice(store, undefined)).toEqual(defaultVisibleReportColumns);
  });

  it('drops unknown columns and falls back to the default when nothing usable is saved', () => {
    const store = memoryStore();
    store.setItem('portal.reports.columns.7', JSON.stringify(['weight', 'gone', 3, 'ticketNumber']));
    expect(loadColumnChoice(store, '7')).toEqual(['ticketNumber', 'weight']);
    store.setItem('portal.reports.columns.7', '{not json');
    expect(loadColumnChoice(store, '7')).toEqual(defaultVisibleReportColumns);
    store.setItem('portal.reports.columns.7', '[]');
    expect(loadColumnChoice(store, '7')).toEqual(defaultVisibleReportColumns);
  });

  it('keeps the report order whatever order columns were ticked in', () => {
    expect(inReportOrder(['notes', 'date', 'ticketNumber'])).toEqual(['ticketNumber', 'date', 'notes']);
  });
});
