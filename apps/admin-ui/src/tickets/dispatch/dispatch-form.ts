import type { DispatchView } from '@portal/contract';
import { licensePlateMaxLength } from '@portal/domain';
import { text } from '../../common/form-values';

type DispatchTicket = DispatchView['ticket'];

/** What the dispatch form holds; react-admin inputs may leave null or '' in an emptied field. */
export interface DispatchFormValues {
  timeLoaded: string | null;
  transportCompanyName: string | null;
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
 * loaded is loaded now unless the driver says otherwise. The link does not show the driver's number: left
 * blank, the ticket keeps the one it has.
 */
export const dispatchFormValues = (ticket: DispatchTicket, now: Date): DispatchFormValues => ({
  timeLoaded: ticket.timeLoaded ?? minutesBefore(now, 0),
  transportCompanyName: ticket.transportCompanyName ?? ticket.givenTransportCompanyName,
  truckNumber: ticket.truckNumber,
  truckLicensePlate: ticket.truckLicensePlate,
  truckDriverName: ticket.truckDriverName,
  truckDriverNumber: null,
});

const messageKey = (name: string) => `portal.dispatch.validation.${name}`;

/**
 * The dispatch form: the server's checks, so the driver sees them before sending. The time
 * loaded and the plate are only asked for when the ticket has none (the server keeps the ticket's own).
 * Answers catalogue keys by field.
 */
export function validateDispatchForm(
  values: DispatchFormValues,
  ticket: DispatchTicket,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!text(values.timeLoaded) && !ticket.timeLoaded) errors.timeLoaded = messageKey('timeLoadedRequired');
  if (!text(values.transportCompanyName)) errors.transportCompanyName = messageKey('haulageCompanyRequired');
  if (!text(values.truckDriverName)) errors.truckDriverName = messageKey('driverNameRequired');
  const plate = text(values.truckLicensePlate);
  if (ticket.truckLicensePlate) return errors;
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
    transportCompanyName: text(values.transportCompanyName),
    truckNumber: optional(values.truckNumber),
    truckLicensePlate: text(values.truckLicensePlate).toUpperCase(),
    truckDriverName: text(values.truckDriverName),
    truckDriverNumber: optional(values.truckDriverNumber),
  };
}
