import { DomainError } from '../errors';

/** Normalises loosely typed JSON input (forms send '', null or numbers as strings) into record fields. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : value == null ? '' : String(value).trim();

export const optionalText = (value: unknown): string | null => {
  const trimmed = text(value);
  return trimmed === '' ? null : trimmed;
};

export const flag = (value: unknown): boolean => value === true || value === 'true' || value === 1;

export const idNotWholeNumberMessage = (field: string) => `${field} must be a whole number`;

/** Nothing sent for a field: absent, null or '' (a cleared form field). */
const isMissing = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * A chosen id as a JSON body carries it: a whole number, or null for "none chosen" (absent, null, ''
 * or a number below 1, as the spec's selects send 0). Nothing else is read as an id: `true`, `[2]`,
 * `"2"`, `"2e0"` or `1.5` is a 400 naming the field, never record 1 or 2.
 */
export const optionalId = (value: unknown, field: string): number | null => {
  if (isMissing(value)) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new DomainError('validation', idNotWholeNumberMessage(field), {
      [field]: idNotWholeNumberMessage(field),
    });
  }
  return value > 0 ? value : null;
};

/** A required dropdown's two texts: one for nothing sent, one for "none" (below 1); docs/rules.md, "Forms". */
export interface ChoiceMessages {
  required: string;
  notSelected: string;
}

/**
 * Why a required dropdown for which `optionalId` answered null holds no record: nothing was sent
 * (absent, null or ''), so `required` ('Contractor is required'); or a number below 1 was, the
 * selects' "none", so `notSelected` ('Please select a contractor').
 */
export const unchosenIdMessage = (value: unknown, messages: ChoiceMessages): string =>
  isMissing(value) ? messages.required : messages.notSelected;

/** A number from a form field (typed text or a JSON number); NaN for anything else (`true`, `[5]`). */
export const optionalNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string') return Number.NaN;
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
};

/**
 * The largest values the read models store: PostgreSQL integer ids and numbers, and weights and
 * amounts as numeric(12, 2). A larger value would be accepted by the write side and then refused
 * by every projection run, holding all read models back, so commands refuse it first.
 */
export const maxStoredInteger = 2_147_483_647;
export const maxStoredAmount = 9_999_999_999.99;

/** A number of 0 or more the read models can store. */
export const isStorableAmount = (value: number): boolean => value >= 0 && value <= maxStoredAmount;

/** Instants PostgreSQL stores (years 1 to 9999; JavaScript also parses years beyond and before). */
const earliestInstant = Date.parse('0001-01-01T00:00:00.000Z');
const latestInstant = Date.parse('9999-12-31T23:59:59.999Z');
export const isStorableInstant = (milliseconds: number): boolean =>
  milliseconds >= earliestInstant && milliseconds <= latestInstant;

/** An id some record can have: no record has one past maxStoredInteger, and PostgreSQL refuses to look one up. */
export const isStorableId = (id: number): boolean =>
  Number.isInteger(id) && id >= 1 && id <= maxStoredInteger;
/** The field error for an id or number past maxStoredInteger. */
export const numberTooLargeMessage = 'This number is too large';

/**
 * Text kept in a btree index of the read models (names, usernames): PostgreSQL refuses an index entry
 * past about 2700 bytes, which would stall every projection. 254 characters (the longest e-mail
 * address) stay far below that in any script.
 */
export const maxIndexedTextLength = 254;

/**
 * Characters no text field may hold: NUL (PostgreSQL text and jsonb cannot store it) and a UTF-16
 * surrogate without its pair (jsonb refuses it; UTF-8 cannot encode it). One rule for all input:
 * the API refuses a request carrying one (plugins/error-handler.ts), before anything is written.
 */
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasUnstorableCharacters = (value: string): boolean =>
  value.includes('\u0000') || unpairedSurrogate.test(value);
export const unstorableTextMessage = (field: string): string =>
  `${field} contains characters that cannot be stored`;
