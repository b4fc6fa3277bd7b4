import type { ProjectLogEntry } from '@portal/contract';

/** What every change-log entry of the API carries; a ticket's adds its event. */
type LogEntry = ProjectLogEntry;

/** One field of a record before and after a change. */
export interface ChangedField {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Sorts field names into `order`; names it does not list follow alphabetically. */
export function byFieldOrder(order: readonly string[]) {
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);
}

/** A data object of a log entry; malformed JSON reads as no data rather than failing the page. */
function parseObject(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The record before and after one change, and its fields in `order` with the ones that changed marked. */
export function compareChange(
  entry: LogEntry,
  rules: {
    order: (a: string, b: string) => number;
    sameValue: (a: unknown, b: unknown) => boolean;
    /** Fields a log does not list. */
    ignored?: ReadonlySet<string>;
  },
) {
  const before = parseObject(entry.currentDataObject);
  const after = parseObject(entry.updatedDataObject);
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const fields: ChangedField[] = [...names]
    .filter((field) => !rules.ignored?.has(field))
    .sort(rules.order)
    .map((field) => ({
      field,
      before: before?.[field],
      after: after?.[field],
      changed: !rules.sameValue(before?.[field], after?.[field]),
    }));
  return { before, after, fields };
}

/** Who made the change, as 'First Last (username)'. */
export function logEntryUser({ firstName, lastName, username }: LogEntry): string {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  if (name && username) return `${name} (${username})`;
  return name || username || '';
}
