import {
  flag,
  isStorableInstant,
  maxIndexedTextLength,
  maxStoredInteger,
  numberTooLargeMessage,
  optionalId,
  optionalNumber,
  optionalText,
  unchosenIdMessage,
} from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { defaultMaximumWeightKg } from '../settings/settings';
import { licensePlateMaxLength, normalisePlate, truckMessages } from '../trucks/truck';
import { weightOrNoneOutOfBounds } from '../weights/weight-bounds';
import type { TicketDetails } from './ticket-details';

/** The full ticket form's messages, word for word (docs/rules.md, "Forms"). */
export const ticketFormMessages = {
  ticketNumberRequired: 'Ticket number is required',
  dateRequired: 'Date is required',
  jobSiteRequired: 'Job site is required',
  siteContactRequired: 'Site contact is required',
  timeLoadedRequired: 'Time loaded is required',
  timeReceivedRequired: 'Time received is required',
  driverNameRequired: 'Driver name is required',
  licensePlateRequired: 'License plate is required',
  contractorRequired: 'Contractor is required',
  contractorNotSelected: 'Please select a contractor',
  haulageCompanyRequired: 'Haulage company is required',
  haulageCompanyNotSelected: 'Please select a haulage company',
  truckTypeRequired: 'Truck type is required',
  truckTypeNotSelected: 'Please select a truck type',
  receivedAfterLoaded: 'Time received must be after time loaded',
  notesTooLong: 'Notes can be max 500 characters',
  weightNotNumber: 'Weight must be a number',
  dateInvalid: 'Date is not valid',
  timeLoadedInvalid: 'Time loaded is not valid',
  timeReceivedInvalid: 'Time received is not valid',
  ticketNumberNotNumber: 'Ticket number must be a number',
  truckTypeInvalid: 'Truck type must be Triaxle (1) or Trailer (2)',
  licensePlateTooLong: truckMessages.plateTooLong,
  numberTooLarge: numberTooLargeMessage,
} as const;

/** Ids and external numbers are PostgreSQL integers. */
const maxInteger = maxStoredInteger;
const integerFields = [
  'contractorCompanyId',
  'transportCompanyId',
  'truckId',
  'truckTypeId',
  'contractorOfficeContactId',
  'projectId',
  'materialTypeId',
  'materialId',
  'soilFLOTicketId',
] as const satisfies readonly (keyof TicketDetails)[];

export const notesMaxLength = 500;

/** Date.parse rolls 2026-02-30 over to 2 March: a day that does not read back the same is not a date. */
const parseInstant = (text: string): number => {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  const dayStart = day === undefined ? Number.NaN : Date.parse(`${day}T00:00:00Z`);
  if (day !== undefined && !(isStorableInstant(dayStart) && new Date(dayStart).toISOString().startsWith(day)))
    return Number.NaN;
  return Date.parse(text);
};

/** An ISO instant, or null; a value that is not a date is kept as text so validation can name it. */
const instant = (value: unknown): string | null => {
  const text = optionalText(value);
  if (text === null) return null;
  const parsed = parseInstant(text);
  return isStorableInstant(parsed) ? new Date(parsed).toISOString() : text;
};

const isInstant = (value: string | null): boolean => value === null || isStorableInstant(parseInstant(value));

/** Reads a ticket form into details (the ticket's own field names and flags). */
export function readTicketDetails(input: Record<string, unknown>): TicketDetails {
  const plate = normalisePlate(input.truckLicensePlate);
  return {
    date: instant(input.date),
    timeLoaded: instant(input.timeLoaded),
    timeReceived: instant(input.timeReceived),
    jobSite: optionalText(input.jobSite),
    contractorCompanyId: optionalId(input.contractorCompanyId, 'contractorCompanyId'),
    transportCompanyId: optionalId(input.transportCompanyId, 'transportCompanyId'),
    truckId: optionalId(input.truckId, 'truckId'),
    truckTypeId: optionalId(input.truckTypeId, 'truckTypeId'),
    truckNumber: optionalText(input.truckNumber),
    truckLicensePlate: plate === '' ? null : plate,
    truckDriverName: optionalText(input.truckDriverName),
    truckDriverNumber: optionalText(input.truckDriverNumber),
    siteContactName: optionalText(input.siteContactName),
    siteContactNumber: optionalText(input.siteContactNumber),
    contractorOfficeContactId: optionalId(input.contractorOfficeContactId, 'contractorOfficeContactId'),
    transportContactName: optionalText(input.transportContactName),
    transportContactNumber: optionalText(input.transportContactNumber),
    projectId: optionalId(input.projectId, 'projectId'),
    projectLeader: optionalText(input.projectLeader),
    materialTypeId: optionalId(input.materialTypeId, 'materialTypeId'),
    materialId: optionalId(input.materialId, 'materialId'),
    isSaltImpacted: flag(input.isSaltImpacted),
    notes: optionalText(input.notes),
    weight: optionalNumber(input.weight),
    soilFLOTicketId: optionalId(input.soilFLOTicketId, 'soilFLOTicketId'),
    updateSoilFLO: flag(input.updateSoilFLO),
  };
}

/**
 * What bounds a form's weight (issue 34, D4): the heaviest weight it may carry (see weightLimitKg), or null
 * for a form that does not set the weight (the driver's dispatch), so a weight it merely carries is not its
 * concern. The server passes the site's setting; the default is the setting's own default.
 */
export type TicketWeightLimit = number | null;

/**
 * Rules every form shares: formats, lengths and the order of the two times. `plateLimit`: the licence
 * plate's length is the portal's own rule (7); SoilFLO's plates are taken as SoilFLO writes them, up to
 * what the plate search indexes.
 */
function formatErrors(
  details: TicketDetails,
  errors: FieldErrors,
  weightLimitKg: TicketWeightLimit,
  plateLimit = licensePlateMaxLength,
): void {
  for (const field of integerFields) {
    if ((details[field] ?? 0) > maxInteger) errors[field] = ticketFormMessages.numberTooLarge;
  }
  if (!isInstant(details.date)) errors.date = ticketFormMessages.dateInvalid;
  if (!isInstant(details.timeLoaded)) errors.timeLoaded = ticketFormMessages.timeLoadedInvalid;
  if (!isInstant(details.timeReceived)) errors.timeReceived = ticketFormMessages.timeReceivedInvalid;
  if (details.truckLicensePlate !== null && details.truckLicensePlate.length > plateLimit) {
    errors.truckLicensePlate = ticketFormMessages.licensePlateTooLong;
  }
  if (details.truckTypeId !== null && details.truckTypeId !== 1 && details.truckTypeId !== 2) {
    errors.truckTypeId = ticketFormMessages.truckTypeInvalid;
  }
  if ((details.notes?.length ?? 0) > notesMaxLength) errors.notes = ticketFormMessages.notesTooLong;
  if (details.weight !== null && Number.isNaN(details.weight))
    errors.weight = ticketFormMessages.weightNotNumber;
  else if (details.weight !== null && weightLimitKg !== null) {
    // A weight of 0 is the spec's "not weighed yet"; any other weight given is bounded.
    const outOfBounds = weightOrNoneOutOfBounds(details.weight, weightLimitKg);
    if (outOfBounds) errors.weight = outOfBounds;
  }
  if (receivedBeforeLoaded(details.timeLoaded, details.timeReceived))
    errors.timeReceived = ticketFormMessages.receivedAfterLoaded;
}

/**
 * A ticket's time received before its time loaded: the forms' 'Time received must be after time loaded'.
 * The same instant is not before: a receipt with no time loaded sets both to its own time (docs/rules.md,
 * "Tickets and their states"), and such a ticket must stay saveable (issue 32, I8).
 */
export function receivedBeforeLoaded(timeLoaded: string | null, timeReceived: string | null): boolean {
  if (!timeLoaded || !timeReceived) return false;
  const [loaded, received] = [Date.parse(timeLoaded), Date.parse(timeReceived)];
  return !Number.isNaN(loaded) && !Number.isNaN(received) && received < loaded;
}

/** The form's details, or a refusal: its required fields' errors first (in form order), then the shared formats'. */
function checkedDetails(
  input: Record<string, unknown>,
  weightLimitKg: TicketWeightLimit,
  requiredErrors: (details: TicketDetails) => FieldErrors,
  plateLimit?: number,
): TicketDetails {
  const details = readTicketDetails(input);
  const errors = requiredErrors(details);
  formatErrors(details, errors, weightLimitKg, plateLimit);
  assertValid(errors);
  return details;
}

/** The full ticket form's Save: required fields first, in form order. */
export const validateFullTicket = (
  input: Record<string, unknown>,
  weightLimitKg: TicketWeightLimit = defaultMaximumWeightKg,
): TicketDetails =>
  checkedDetails(input, weightLimitKg, (details) => {
    const m = ticketFormMessages;
    const errors: FieldErrors = {};
    const ticketNumber = optionalNumber(input.ticketNumber);
    if (ticketNumber === null) errors.ticketNumber = m.ticketNumberRequired;
    else if (Number.isNaN(ticketNumber)) errors.ticketNumber = m.ticketNumberNotNumber;
    if (details.date === null) errors.date = m.dateRequired;
    if (details.jobSite === null) errors.jobSite = m.jobSiteRequired;
    if (details.siteContactName === null) errors.siteContactName = m.siteContactRequired;
    if (details.timeLoaded === null) errors.timeLoaded = m.timeLoadedRequired;
    if (details.timeReceived === null) errors.timeReceived = m.timeReceivedRequired;
    if (details.truckDriverName === null) errors.truckDriverName = m.driverNameRequired;
    if (details.truckLicensePlate === null) errors.truckLicensePlate = m.licensePlateRequired;
    const choices = [
      ['contractorCompanyId', { required: m.contractorRequired, notSelected: m.contractorNotSelected }],
      [
        'transportCompanyId',
        { required: m.haulageCompanyRequired, notSelected: m.haulageCompanyNotSelected },
      ],
      ['truckTypeId', { required: m.truckTypeRequired, notSelected: m.truckTypeNotSelected }],
    ] as const;
    for (const [field, messages] of choices) {
      if (details[field] === null) errors[field] = unchosenIdMessage(input[field], messages);
    }
    return errors;
  });

/** The short-ticket form: nothing is required, the plate is upper-cased, formats still hold. */
export const validateShortTicket = (
  input: Record<string, unknown>,
  weightLimitKg: TicketWeightLimit = defaultMaximumWeightKg,
): TicketDetails => checkedDetails(input, weightLimitKg, () => ({}));

/** The SoilFLO form: ticket number and date required; time received after time loaded. */
export const validateExternalTicket = (
  input: Record<string, unknown>,
  weightLimitKg: TicketWeightLimit = defaultMaximumWeightKg,
): TicketDetails =>
  checkedDetails(
    input,
    weightLimitKg,
    (details) => {
      const errors: FieldErrors = {};
      if (optionalNumber(input.ticketNumber) === null)
        errors.ticketNumber = ticketFormMessages.ticketNumberRequired;
      if (details.date === null) errors.date = ticketFormMessages.dateRequired;
      return errors;
    },
    maxIndexedTextLength,
  );
