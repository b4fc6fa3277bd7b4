/**
 * The administrators' dashboard tabs as data: their validation (docs/rules.md, "Ticket numbers",
 * with the messages as catalogue keys) and the bodies they send. Pure, so it is unit-tested.
 */

import type { BulkCheck, BulkReceiveAnswer, Project, ReceiveChip } from '@portal/contract';
import { emailPattern, maxBulkNumbers, maxTicketNumber, maxTicketsPerGeneration } from '@portal/domain';

const k = (key: string) => `portal.bulk.validation.${key}`;

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/** A form value as a number: NumberInput gives numbers, TextInput strings. */
const numberOf = (value: unknown): number =>
  typeof value === 'number' ? value : Number(String(value).trim());

// ---------------------------------------------------------------------------------------------
// Generate and Export: from and to, both required, at most 999999.

/** The two bulk edits that share one flow: set fields, or empty them. */
export type BulkEditKind = 'update' | 'clear';

export interface TicketNumberRange {
  from: number;
  to: number;
}

/** A required ticket number of the Generate or Export tab. */
const requiredTicketNumber = (requiredKey: string) => (value: unknown) => {
  if (isBlank(value)) return k(requiredKey);
  const n = numberOf(value);
  if (!Number.isFinite(n)) return k(requiredKey);
  if (n > maxTicketNumber) return k('maxNumber');
  if (!Number.isInteger(n) || n < 1) return k('minNumber');
  return undefined;
};

const fromRequired = requiredTicketNumber('fromRequired');
const toRequired = requiredTicketNumber('toRequired');

export const rangeValidators = {
  from: fromRequired,
  to: (value: unknown, values?: Record<string, unknown>) => {
    const own = toRequired(value);
    if (own) return own;
    if (values && fromRequired(values.from) === undefined && numberOf(values.from) > numberOf(value))
      return k('fromAfterTo');
    return undefined;
  },
};

/** The range of a valid Generate or Export form. */
export const ticketNumberRangeOf = (values: Record<string, unknown>): TicketNumberRange => ({
  from: numberOf(values.from),
  to: numberOf(values.to),
});

/** More than 2000 tickets is refused ('Generate tickets failed. …'). */
export const isTooManyToGenerate = ({ from, to }: TicketNumberRange): boolean =>
  to - from + 1 > maxTicketsPerGeneration;

/** POST /api/ticket/generate: SoilFLO loads or not, and no e-mail from this tab. */
export const generateBody = (range: TicketNumberRange, isSoilFLOTicket: boolean) => ({
  ...range,
  isSoilFLOTicket,
  email: null,
});

/** POST /api/ticket/generate/excel. */
export const exportBody = (range: TicketNumberRange, email: string) => ({ ...range, email: email.trim() });

export const exportEmailError = (value: unknown) => {
  if (isBlank(value)) return k('emailRequired');
  return emailPattern.test(String(value).trim()) ? undefined : k('emailNotValid');
};

// ---------------------------------------------------------------------------------------------
// Update and Clear: from required, to optional and defaulting to from.

/** Whole numbers, negative ones too: '-5' is a number below the minimum, not a non-number (as the server says). */
const wholeNumber = /^-?\d+$/;

const bulkNumberError = (value: unknown, notNumberKey: string) => {
  const text = String(value).trim();
  if (!wholeNumber.test(text)) return k(notNumberKey);
  const n = Number(text);
  if (n < 1) return k('minNumber');
  if (n > maxTicketNumber) return k('maxNumber');
  return undefined;
};

export const bulkRangeValidators = {
  from: (value: unknown) =>
    isBlank(value) ? k('bulkFromRequired') : bulkNumberError(value, 'fromNotNumber'),
  to: (value: unknown, values?: Record<string, unknown>) => {
    if (isBlank(value)) return undefined;
    const own = bulkNumberError(value, 'toNotNumber');
    if (own) return own;
    const from = values?.from;
    if (isBlank(from) || bulkNumberError(from, 'fromNotNumber')) return undefined;
    const range = { from: Number(String(from).trim()), to: Number(String(value).trim()) };
    if (range.from > range.to) return k('fromAfterTo');
    if (range.to - range.from + 1 > maxBulkNumbers) return k('tooManyBulk');
    return undefined;
  },
};

/** The range of a valid Update or Clear form: to defaults to from. */
export function bulkRangeOf(values: Record<string, unknown>): TicketNumberRange {
  const from = Number(String(values.from).trim());
  return { from, to: isBlank(values.to) ? from : Number(String(values.to).trim()) };
}

const idOrNull = (value: unknown): number | null => {
  if (isBlank(value)) return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export interface BulkUpdateBody {
  from: number;
  to: number;
  contractorCompanyId: number | null;
  jobSite: string | null;
  contractorOfficeContactId: number | null;
  truckTypeId: number | null;
  isSoilFLOTicket: false;
  loggedInUserId: number | null;
  materialTypeId: number | null;
  siteContactId: number | null;
  projectId: number | null;
  isSaltImpacted: boolean;
  forceUpdate: boolean;
}

/** POST /api/ticket/bulk and /bulk/check. */
export function bulkUpdateBody(values: Record<string, unknown>, userId: string | undefined): BulkUpdateBody {
  const jobSite = typeof values.jobSite === 'string' ? values.jobSite.trim() : '';
  return {
    ...bulkRangeOf(values),
    contractorCompanyId: idOrNull(values.contractorCompanyId),
    jobSite: jobSite === '' ? null : jobSite,
    contractorOfficeContactId: idOrNull(values.contractorOfficeContactId),
    truckTypeId: idOrNull(values.truckTypeId),
    isSoilFLOTicket: false,
    loggedInUserId: idOrNull(userId),
    materialTypeId: idOrNull(values.materialTypeId),
    siteContactId: idOrNull(values.siteContactId),
    projectId: idOrNull(values.projectId),
    isSaltImpacted: values.isSaltImpacted === true,
    forceUpdate: values.forceUpdate === true,
  };
}

/** True when the update sets at least one field (the server refuses an update of nothing). */
export const updatesSomething = (body: BulkUpdateBody): boolean =>
  body.contractorCompanyId !== null ||
  body.jobSite !== null ||
  body.contractorOfficeContactId !== null ||
  body.truckTypeId !== null ||
  body.materialTypeId !== null ||
  body.siteContactId !== null ||
  body.projectId !== null ||
  body.isSaltImpacted;

/** The Clear tab's switches, clearAll last. */
export const clearSwitches = [
  'clearContractor',
  'clearProject',
  'clearJobSite',
  'clearSiteContact',
  'clearOfficeContact',
  'clearMaterialType',
] as const;

export type ClearSwitch = (typeof clearSwitches)[number] | 'clearAll';

export type BulkClearBody = TicketNumberRange &
  Record<ClearSwitch, boolean> & { loggedInUserId: number | null };

/** POST /api/ticket/bulk/clear and /bulk/clear/check. */
export function bulkClearBody(values: Record<string, unknown>, userId: string | undefined): BulkClearBody {
  const clearAll = values.clearAll === true;
  const switches = Object.fromEntries(
    clearSwitches.map((name) => [name, clearAll || values[name] === true]),
  ) as Record<(typeof clearSwitches)[number], boolean>;
  return { ...bulkRangeOf(values), ...switches, clearAll, loggedInUserId: idOrNull(userId) };
}

export const clearsSomething = (body: BulkClearBody): boolean =>
  body.clearAll || clearSwitches.some((name) => body[name]);

// ---------------------------------------------------------------------------------------------
// The bulk check's answer (POST /api/ticket/bulk/check and /bulk/clear/check).

/** The confirmation panel's verdict, in the spec's words. */
type CheckVerdict = 'allReceived' | 'noConflicts' | 'conflicts';

export function checkVerdict(check: Pick<BulkCheck, 'count' | 'results'>): CheckVerdict {
  if (check.count === 0) return 'allReceived';
  return check.results.length === 0 ? 'noConflicts' : 'conflicts';
}

/** '1, 2, 3 and 12 more': a long list of ticket numbers cut to its first `shown`. */
export function listNumbers(numbers: number[], shown = 30): { text: string; more: number } {
  return { text: numbers.slice(0, shown).join(', '), more: Math.max(0, numbers.length - shown) };
}

/** The chips to show: the run's, or pending ones for the entry before the first answer. */
export function receiveChips(result: BulkReceiveAnswer | null | undefined, keys: string[]): ReceiveChip[] {
  if (result?.results?.length) return result.results;
  return keys.map((key) => ({ key, value: 'pending' }));
}

/**
 * What choosing a project fills in on the Update tab (issue 15, item 9): the project holds its job
 * site, contacts, material type and salt flag, so the tickets take them with it.
 */
export const projectFill = (project: Project) => ({
  jobSite: project.jobSite,
  contractorOfficeContactId: project.officeContactId,
  siteContactId: project.siteContactId,
  materialTypeId: project.materialTypeId,
  isSaltImpacted: project.saltImpacted,
});

/** What happened to a range: Force Receive turns a range with tickets not received into an accepted one. */
type ReceiveChipOutcome = 'pending' | 'received' | 'forced' | 'failed';

export const receiveChipOutcome = (chip: ReceiveChip): ReceiveChipOutcome =>
  chip.value === 'pending'
    ? 'pending'
    : chip.value === 'failed'
      ? 'failed'
      : chip.message
        ? 'forced'
        : 'received';

/** The run's summary, counted from the chips so the two always agree. */
export const receiveOutcomeCounts = (chips: readonly ReceiveChip[]) => {
  const counts = { received: 0, forced: 0, failed: 0 };
  for (const chip of chips) {
    const outcome = receiveChipOutcome(chip);
    if (outcome !== 'pending') counts[outcome] += 1;
  }
  return counts;
};
