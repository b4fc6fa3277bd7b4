import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { isStorableId, optionalNumber, optionalText } from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';

/**
 * How long the site keeps the personal data on its tickets (docs/retention.md). One record (id 1); until an
 * administrator sets a period, nothing is removed: a legal record is never destroyed by a default.
 */
export const RetentionPolicyDataSchema = Type.Object({
  /** Whole years after a ticket's date that its personal data is kept; null: kept (no period set). */
  ticketPersonalDataYears: Nullable(Type.Integer()),
});
export type RetentionPolicyData = Static<typeof RetentionPolicyDataSchema>;

export const retentionPolicyId = 1;
export const retentionPolicy = defineCatalogue('RetentionPolicy', RetentionPolicyDataSchema);
export const defaultRetentionPolicy: RetentionPolicyData = { ticketPersonalDataYears: null };

/** The longest period the form takes: a century is "keep" in all but name. */
export const maxRetentionYears = 100;

/**
 * A legal hold: while it stands, retention removes nothing from the tickets it covers, those of a project,
 * of a contractor, or a range of ticket ids (both ends included).
 */
export const LegalHoldDataSchema = Type.Object({
  projectId: Nullable(Type.Integer()),
  contractorCompanyId: Nullable(Type.Integer()),
  fromTicketId: Nullable(Type.Integer()),
  toTicketId: Nullable(Type.Integer()),
  reason: Type.String(),
});
export type LegalHoldData = Static<typeof LegalHoldDataSchema>;

export const legalHolds = defineCatalogue('LegalHold', LegalHoldDataSchema);

export const retentionMessages = {
  yearsInvalid: `Years must be a whole number from 1 to ${maxRetentionYears}, or blank to keep personal data`,
  holdScopeRequired: 'Choose one of a project, a contractor, or a range of ticket IDs',
  holdRangeInvalid: 'Ticket IDs must be whole numbers, From not above To',
  holdReasonRequired: 'Give the reason for the hold (a case, a request)',
} as const;

export function validateRetentionPolicy(input: Record<string, unknown>): RetentionPolicyData {
  const errors: FieldErrors = {};
  const years = optionalNumber(input.ticketPersonalDataYears);
  if (years !== null && !(Number.isInteger(years) && years >= 1 && years <= maxRetentionYears))
    errors.ticketPersonalDataYears = retentionMessages.yearsInvalid;
  assertValid(errors);
  return { ticketPersonalDataYears: years };
}

/** A hold names exactly one scope: a project, a contractor, or a range of ticket ids; and why. */
export function validateLegalHold(input: Record<string, unknown>): LegalHoldData {
  const errors: FieldErrors = {};
  const id = (value: unknown) => {
    const number = optionalNumber(value);
    return number !== null && isStorableId(number) ? number : null;
  };
  const projectId = id(input.projectId);
  const contractorCompanyId = id(input.contractorCompanyId);
  const given = (value: unknown) => optionalNumber(value) !== null || optionalText(value) !== null;
  const fromTicketId = id(input.fromTicketId);
  const toTicketId = id(input.toTicketId);
  const range = given(input.fromTicketId) || given(input.toTicketId);
  if (range && (fromTicketId === null || toTicketId === null || fromTicketId > toTicketId))
    errors.fromTicketId = retentionMessages.holdRangeInvalid;
  const scopes = [projectId !== null, contractorCompanyId !== null, range].filter(Boolean).length;
  if (scopes !== 1 && !errors.fromTicketId) errors.scope = retentionMessages.holdScopeRequired;
  const reason = optionalText(input.reason);
  if (reason === null) errors.reason = retentionMessages.holdReasonRequired;
  assertValid(errors);
  return {
    projectId,
    contractorCompanyId,
    fromTicketId: range ? fromTicketId : null,
    toTicketId: range ? toTicketId : null,
    reason: reason as string,
  };
}

/** The newest ticket date whose personal data is past its period at `now`: `years` whole years before it. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}
