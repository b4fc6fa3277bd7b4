import { maxLength, type Validator } from 'react-admin';
import { requiredText } from '../common/validation';
import { NOTES_MAX_LENGTH } from './ticket';

/**
 * Spec section 5, Full ticket form, checked on Save with the spec's messages word for word; the server
 * (PUT /api/ticket/edit) applies the same rules and texts, which land under the same fields.
 */
const m = (key: string) => `portal.tickets.validation.${key}`;

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/** A dropdown's id must be at least 1. */
const selected =
  (message: string): Validator =>
  (value) =>
    isBlank(value) || !(Number(value) >= 1) ? message : undefined;

const receivedAfterLoaded: Validator = (value, values) => {
  const loaded = Date.parse(String(values?.timeLoaded ?? ''));
  const received = Date.parse(String(value ?? ''));
  return Number.isNaN(loaded) || Number.isNaN(received) || received > loaded
    ? undefined
    : m('receivedAfterLoaded');
};

const numeric: Validator = (value) =>
  isBlank(value) || Number.isFinite(Number(value)) ? undefined : m('weightNotNumber');

export const fullTicketValidators = {
  date: requiredText(m('dateRequired')),
  jobSite: requiredText(m('jobSiteRequired')),
  siteContactName: requiredText(m('siteContactRequired')),
  timeLoaded: requiredText(m('timeLoadedRequired')),
  timeReceived: [requiredText(m('timeReceivedRequired')), receivedAfterLoaded],
  truckDriverName: requiredText(m('driverNameRequired')),
  truckLicensePlate: requiredText(m('licensePlateRequired')),
  contractorCompanyId: selected(m('contractorRequired')),
  transportCompanyId: selected(m('haulageCompanyRequired')),
  truckTypeId: selected(m('truckTypeRequired')),
  notes: maxLength(NOTES_MAX_LENGTH, m('notesTooLong')),
  weight: numeric,
} satisfies Record<string, Validator | Validator[]>;

export const rejectReasonRequired = m('reasonRequired');
