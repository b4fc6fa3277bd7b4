import type { ProjectLogEntry } from '@portal/contract';
import { byFieldOrder, compareChange } from '../common/change-log';

export type LogChangeKind = 'created' | 'updated' | 'deleted';

/** Fields in the order of the project form; anything else the server adds follows in alphabetical order. */
const byFormOrder = byFieldOrder([
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
]);

/** The version moves on every save; listing it would only add noise. */
const ignored = new Set(['version']);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Lines up the project before and after one change, field by field, marking the fields that changed. */
export function compareLogEntry(entry: ProjectLogEntry) {
  const { before, after, fields } = compareChange(entry, { order: byFormOrder, sameValue, ignored });
  const kind: LogChangeKind = before === null ? 'created' : after === null ? 'deleted' : 'updated';
  return { kind, fields };
}
