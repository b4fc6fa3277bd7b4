import { notesMaxLength, receivedBeforeLoaded } from '@portal/domain';
import { maxLength, type Validator } from 'react-admin';
import { requiredText } from '../common/validation';

/**
 * The full ticket form (docs/rules.md, "Forms"), checked on Save with its messages word for word; the server
 * (PUT /api/ticket/edit) applies the same rules and texts, which land under the same fields.
 */
const m = (key: string) => `portal.tickets.validation.${key}`;

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/**
 * A required dropdown, with the server's two texts: empty (the selects clear to '') is '… is required'; a
 * value below 1 (a "none" of 0) is 'Please select …'.
 */
const chosen =
  (requiredKey: string, notSelectedKey: string): Validator =>
  (value) => {
    if (isBlank(value)) return m(requiredKey);
    return Number(value) >= 1 ? undefined : m(notSelectedKey);
  };

const receivedAfterLoaded: Validator = (value, values) =>
  receivedBeforeLoaded(String(values?.timeLoaded ?? ''), String(value ?? ''))
    ? m('receivedAfterLoaded')
    : undefined;

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
  contractorCompanyId: chosen('contractorRequired', 'contractorNotSelected'),
  transportCompanyId: chosen('haulageCompanyRequired', 'haulageCompanyNotSelected'),
  truckTypeId: chosen('truckTypeRequired', 'truckTypeNotSelected'),
  notes: maxLength(notesMaxLength, m('notesTooLong')),
  weight: numeric,
} satisfies Record<string, Validator | Validator[]>;

export const rejectReasonRequired = m('reasonRequired');
