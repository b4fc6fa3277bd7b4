import type { ProjectLogEntry } from '@portal/contract';

export type LogChangeKind = 'created' | 'updated' | 'deleted';

interface FieldComparison {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Fields in the order of the project form; anything else the server adds follows in alphabetical order. */
const fieldOrder = [
  'id',
  'projectId',
  'contractorCompanyId',
  'jobSite',
  'siteContactId',
  'officeContactId',
  'materialTypeId',
  'approved',
  'saltImpacted',
  'overThreshold',
  'isSoilFLOProject',
  'notes',
];

/** The version moves on every save; listing it would only add noise. */
const ignoredFields = new Set(['version']);

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

const rank = (field: string) => {
  const index = fieldOrder.indexOf(field);
  return index === -1 ? fieldOrder.length : index;
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Lines up the project before and after one change, field by field, marking the fields that changed. */
export function compareLogEntry(entry: ProjectLogEntry): { kind: LogChangeKind; fields: FieldComparison[] } {
  const before = parseObject(entry.currentDataObject);
  const after = parseObject(entry.updatedDataObject);
  const kind: LogChangeKind = before === null ? 'created' : after === null ? 'deleted' : 'updated';
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const fields = [...names]
    .filter((field) => !ignoredFields.has(field))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((field) => ({
      field,
      before: before?.[field],
      after: after?.[field],
      changed: !sameValue(before?.[field], after?.[field]),
    }));
  return { kind, fields };
}

/** Spec section 2: who made the change, as 'First Last (username)'. */
export function logEntryUser({ firstName, lastName, username }: ProjectLogEntry): string {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  if (name && username) return `${name} (${username})`;
  return name || username || '';
}
