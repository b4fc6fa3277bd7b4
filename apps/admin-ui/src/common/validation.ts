import { emailPattern, phonePattern } from '@portal/domain';
import type { Validator } from 'react-admin';
import { text } from './form-values';

// The forms' rules are the domain's (docs/rules.md, "Forms"): the server applies the same patterns.

const isBlank = (value: unknown): boolean =>
  value == null || (typeof value === 'string' && value.trim() === '');

/** Each validator returns a catalogue key, which react-admin translates under the field. */
export const requiredText =
  (message: string): Validator =>
  (value) =>
    isBlank(value) ? message : undefined;

export const email =
  (message: string): Validator =>
  (value) =>
    isBlank(value) || emailPattern.test(String(value).trim()) ? undefined : message;

export const phoneNumber =
  (message: string): Validator =>
  (value) =>
    isBlank(value) || phonePattern.test(String(value).trim()) ? undefined : message;

/** A typed ticket number: digits only. */
export const isTicketNumber = (value: unknown): boolean => /^\d+$/.test(text(value));

/** A ticket number filter's rule: digits only, or blank (no filter). */
export const ticketNumberFilter =
  (message: string) =>
  (value: unknown): string | undefined =>
    text(value) === '' || isTicketNumber(value) ? undefined : message;
