import { isStorableId, optionalId } from '../catalogue/fields';
import { assertValid, DomainError, type FieldErrors } from '../errors';
import { rangeOrderMessages } from './filter-range';
import { type TicketDetails, TruckType } from './ticket';
import { ticketFormMessages } from './validation';

/** The Update and Clear tabs' messages (docs/rules.md, "Ticket numbers"). */
export const bulkEditMessages = {
  fromRequired: 'Please enter a from ticket number',
  fromNotNumber: 'From number must be a number',
  toNotNumber: 'To number must be a number',
  minNumber: 'Ticket number must be greater than 0',
  maxNumber: 'Max ticket number is 999999',
  fromAfterTo: rangeOrderMessages.ticketNumbers,
  tooMany: 'Bulk changes are limited to 10000 ticket numbers at a time.',
  nothingToUpdate: 'Choose at least one field to update.',
  nothingToClear: 'Choose at least one field to clear.',
  allReceived: "Your selected tickets have been received. No ticket's are available for bulk update.",
  noConflicts: "No ticket conflict's were found.",
  checkFailed: 'Error checking ticket updates',
  clearFailed: 'Error occurred updating tickets.',
  conflictSkipped: 'already has other values (use Force Update to overwrite)',
  received: 'already received',
} as const;

export const bulkChunkSize = 100;
export const maxBulkNumbers = 10_000;
const maxTicketNumber = 999_999;

/** A whole number, negative or not, typed as text or sent as a JSON number; null for anything else. */
const wholeNumberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : null;
};

/**
 * from required and at least 1; to optional, defaulting to from. A negative or zero
 * number is a number below the minimum, not a non-number.
 */
export function validateBulkRange(input: { from?: unknown; to?: unknown }): { from: number; to: number } {
  const m = bulkEditMessages;
  const errors: FieldErrors = {};
  const read = (value: unknown, field: 'from' | 'to', notNumber: string): number | null => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') return null;
    const n = wholeNumberOf(text);
    if (n === null) {
      errors[field] = notNumber;
      return null;
    }
    if (n < 1) errors[field] = m.minNumber;
    else if (n > maxTicketNumber) errors[field] = m.maxNumber;
    return n;
  };
  const from = read(input.from, 'from', m.fromNotNumber);
  const to = read(input.to, 'to', m.toNotNumber);
  if (from === null && !errors.from) errors.from = m.fromRequired;
  assertValid(errors);
  const range = { from: from as number, to: to ?? (from as number) };
  if (range.from > range.to) throw new DomainError('validation', m.fromAfterTo, { to: m.fromAfterTo });
  if (range.to - range.from + 1 > maxBulkNumbers) throw new DomainError('validation', m.tooMany);
  return range;
}

/** Chunks of 100 numbers, each one call's worth. */
export function bulkChunks(range: { from: number; to: number }): { from: number; to: number }[] {
  const chunks: { from: number; to: number }[] = [];
  for (let from = range.from; from <= range.to; from += bulkChunkSize)
    chunks.push({ from, to: Math.min(from + bulkChunkSize - 1, range.to) });
  return chunks;
}

/** The fields a bulk update may set; a field left out (or empty) is left as it is. */
export type BulkPatch = Partial<
  Pick<
    TicketDetails,
    | 'contractorCompanyId'
    | 'jobSite'
    | 'contractorOfficeContactId'
    | 'truckTypeId'
    | 'materialTypeId'
    | 'siteContactName'
    | 'siteContactNumber'
    | 'projectId'
    | 'isSaltImpacted'
  >
>;

/**
 * The ids and text of a bulk update's payload; the site contact is resolved by the caller.
 * An id no record can have (past int4) or a truck type other than 1 and 2 is a 400 naming the field.
 */
export function bulkUpdatePatchOf(body: Record<string, unknown>): BulkPatch {
  const patch: BulkPatch = {};
  const errors: FieldErrors = {};
  for (const field of [
    'contractorCompanyId',
    'contractorOfficeContactId',
    'truckTypeId',
    'materialTypeId',
    'projectId',
    'siteContactId',
  ] as const) {
    const id = optionalId(body[field], field);
    if (id !== null && !isStorableId(id)) errors[field] = ticketFormMessages.numberTooLarge;
    else if (id !== null && field !== 'siteContactId') patch[field] = id;
  }
  if (
    patch.truckTypeId !== undefined &&
    patch.truckTypeId !== TruckType.Triaxle &&
    patch.truckTypeId !== TruckType.Trailer
  )
    errors.truckTypeId ??= ticketFormMessages.truckTypeInvalid;
  assertValid(errors);
  if (typeof body.jobSite === 'string' && body.jobSite.trim() !== '') patch.jobSite = body.jobSite.trim();
  // A switch that is off means "leave as it is": the tab cannot tell "not salt impacted" from "not chosen".
  if (body.isSaltImpacted === true) patch.isSaltImpacted = true;
  return patch;
}

/** The Clear tab's switches and the ticket fields each one empties. */
export const clearFlags = {
  clearContractor: ['contractorCompanyId'],
  clearProject: ['projectId', 'projectLeader'],
  clearJobSite: ['jobSite'],
  clearSiteContact: ['siteContactName', 'siteContactNumber'],
  clearOfficeContact: ['contractorOfficeContactId'],
  clearMaterialType: ['materialTypeId'],
} as const satisfies Record<string, (keyof TicketDetails)[]>;

export type ClearFlag = keyof typeof clearFlags | 'clearAll';

/** The fields a bulk clear empties (clearAll: every one of them). */
export function clearedFieldsOf(body: Record<string, unknown>): (keyof TicketDetails)[] {
  const fields = new Set<keyof TicketDetails>();
  for (const [flag, flagFields] of Object.entries(clearFlags)) {
    if (body[flag] === true || body.clearAll === true) for (const field of flagFields) fields.add(field);
  }
  return [...fields];
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || value === false;

/** The fields the patch would change that already hold another value (what Force Update overwrites). */
export function conflictingFields(
  details: TicketDetails,
  patch: Partial<TicketDetails>,
): (keyof TicketDetails)[] {
  return (Object.keys(patch) as (keyof TicketDetails)[]).filter(
    (field) => !isEmpty(details[field]) && details[field] !== patch[field],
  );
}

/** A clear's patch: every named field back to empty. */
export const clearPatchOf = (fields: (keyof TicketDetails)[]): Partial<TicketDetails> =>
  Object.fromEntries(fields.map((field) => [field, field === 'isSaltImpacted' ? false : null]));
