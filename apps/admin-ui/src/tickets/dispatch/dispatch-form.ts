import type { DispatchView } from '@portal/contract';
import { licensePlateMaxLength } from '@portal/domain';
import { text } from '../../common/form-values';

type DispatchTicket = DispatchView['ticket'];

/** What the dispatch form holds; react-admin inputs may leave null or '' in an emptied field. */
export interface DispatchFormValues {
  timeLoaded: string | null;
  transportCompanyId: number | null;
  truckNumber: string | null;
  truckLicensePlate: string | null;
  truckDriverName: string | null;
  truckDriverNumber: string | null;
}

/** `minutes` before `now`, to the minute, as the form keeps a moment: the driver's one-tap time loaded. */
export const minutesBefore = (now: Date, minutes: number): string => {
  const moment = new Date(now.getTime() - minutes * 60_000);
  moment.setSeconds(0, 0);
  return moment.toISOString();
};

/**
 * The form starts from what the ticket already holds (e.g. the truck the office entered); a ticket not yet
 * loaded is loaded now unless the driver says otherwise.
 */
export const dispatchFormValues = (ticket: DispatchTicket, now: Date): DispatchFormValues => ({
  timeLoaded: ticket.timeLoaded ?? minutesBefore(now, 0),
  transportCompanyId: ticket.transportCompanyId,
  truckNumber: ticket.truckNumber,
  truckLicensePlate: ticket.truckLicensePlate,
  truckDriverName: ticket.truckDriverName,
  truckDriverNumber: ticket.truckDriverNumber,
});

const messageKey = (name: string) => `portal.dispatch.validation.${name}`;

/**
 * The dispatch form: the server's checks, so the driver sees them before sending. The time
 * loaded is only asked for when the ticket has none (the server keeps the ticket's own otherwise).
 * Answers catalogue keys by field.
 */
export function validateDispatchForm(
  values: DispatchFormValues,
  ticket: DispatchTicket,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!text(values.timeLoaded) && !ticket.timeLoaded) errors.timeLoaded = messageKey('timeLoadedRequired');
  if (values.transportCompanyId === null || values.transportCompanyId === undefined)
    errors.transportCompanyId = messageKey('haulageCompanyRequired');
  if (!text(values.truckDriverName)) errors.truckDriverName = messageKey('driverNameRequired');
  const plate = text(values.truckLicensePlate);
  if (!plate) errors.truckLicensePlate = messageKey('licensePlateRequired');
  else if (plate.length > licensePlateMaxLength) errors.truckLicensePlate = messageKey('licensePlateTooLong');
  return errors;
}

const optional = (value: string | null) => text(value) || null;

/** The body of POST /api/ticket/{id}/{hash}/dispatch: trimmed text, the plate upper-cased, no empty time. */
export function toDispatchBody(values: DispatchFormValues) {
  const timeLoaded = text(values.timeLoaded);
  return {
    ...(timeLoaded ? { timeLoaded } : {}),
    transportCompanyId: values.transportCompanyId,
    truckNumber: optional(values.truckNumber),
    truckLicensePlate: text(values.truckLicensePlate).toUpperCase(),
    truckDriverName: text(values.truckDriverName),
    truckDriverNumber: optional(values.truckDriverNumber),
  };
}
