import { type Static, Type } from '@sinclair/typebox';
import { maxIndexedTextLength } from '../catalogue/fields';
import { companyNameTooLong } from '../contractors/contractor-company';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';
import type { TicketDetails } from './ticket-details';
import { readTicketDetails, ticketFormMessages, validateShortTicket } from './validation';

/**
 * The Truck Dispatch page (docs/rules.md, "Dispatch link"): a driver, holding the ticket's link, says which
 * truck carries the load. No user is signed in; the link's hash is the authority.
 */
export const TruckDispatchSchema = Type.Object({
  timeLoaded: Type.String(),
  transportCompanyId: Nullable(
    Type.Integer({
      description: 'The registered haulage company of the name the driver typed; null when none has it',
    }),
  ),
  /**
   * Issue 32: the haulage company as the driver typed it when no registered company has that name. The
   * link creates no company: the office registers or picks it (the ticket shows the name until then).
   */
  givenTransportCompanyName: Nullable(Type.String()),
  truckNumber: Nullable(Type.String()),
  truckLicensePlate: Type.String(),
  truckDriverName: Type.String(),
  truckDriverNumber: Nullable(Type.String()),
  /**
   * Issue 34 (D2): the registered truck the plate names when it is the chosen company's, else null (the
   * ticket then has no truck record); absent on dispatches recorded before, which left the ticket's truck as it was.
   */
  truckId: Type.Optional(Nullable(Type.Integer())),
});
export type TruckDispatch = Static<typeof TruckDispatchSchema>;

/** The dispatch form as the driver sent it: the haulage company by name, matched to a registered one after. */
export type DriverDispatch = Omit<
  TruckDispatch,
  'transportCompanyId' | 'givenTransportCompanyName' | 'truckId'
> & { transportCompanyName: string };

export const truckDispatchMessages = {
  /**
   * The dispatch form has its own capital C, word for word: the product's messages are
   * requirements, so this one stays as written although the ticket form's is cased otherwise.
   */
  haulageCompanyRequired: 'Haulage Company is required',
  externalLoad: "This load comes from SoilFLO: manage it in SoilFLO's dashboard.",
  timeLoadedInFuture: 'Time loaded cannot be in the future',
  timeLoadedBeforeTicketDate: "Time loaded cannot be before the ticket's date",
} as const;

/** How far ahead of the server's clock a driver's phone may be and its time loaded still count as now. */
export const dispatchClockSkewMs = 5 * 60_000;

/**
 * A ticket's date is a day, stored as an instant on it (its generation, or the office's pick); the domain
 * does not know the site's zone, so the day may have begun up to a day before that instant.
 */
const ticketDayMarginMs = 24 * 60 * 60_000;

/**
 * The dispatch as recorded: the typed company matched to the registered one of that name (`companyId`), or
 * kept as typed for the office when none has it; `truckId` the plate's registered truck of that company.
 */
export const matchedDispatch = (
  { transportCompanyName, ...dispatch }: DriverDispatch,
  companyId: number | null,
  truckId: number | null,
): TruckDispatch => ({
  ...dispatch,
  transportCompanyId: companyId,
  givenTransportCompanyName: companyId === null ? transportCompanyName : null,
  truckId,
});

/**
 * The dispatch form over the ticket's details: company name, driver and plate required. The link is the
 * driver's, not the office's (issue 32, M4): a time loaded or a plate the ticket has is kept, the driver's
 * time loaded counts only on a ticket with none, between the ticket's date and now (`now` plus a phone's
 * clock skew), and a driver's number left blank keeps the ticket's (the page does not show it).
 */
export function validateTruckDispatch(
  input: Record<string, unknown>,
  current: TicketDetails,
  now: string,
): DriverDispatch {
  const given = readTicketDetails(input);
  const details = validateShortTicket(
    {
      ...current,
      timeLoaded: current.timeLoaded ?? given.timeLoaded,
      truckNumber: given.truckNumber,
      truckLicensePlate: current.truckLicensePlate ?? given.truckLicensePlate,
      truckDriverName: given.truckDriverName,
      truckDriverNumber: given.truckDriverNumber ?? current.truckDriverNumber,
      // The dispatch does not set the weight: a weight the ticket carries is not the driver's to answer for.
    },
    null,
  );
  const errors: FieldErrors = {};
  if (details.timeLoaded === null) errors.timeLoaded = ticketFormMessages.timeLoadedRequired;
  else if (current.timeLoaded === null) {
    const loaded = Date.parse(details.timeLoaded);
    if (loaded > Date.parse(now) + dispatchClockSkewMs)
      errors.timeLoaded = truckDispatchMessages.timeLoadedInFuture;
    else if (current.date !== null && loaded < Date.parse(current.date) - ticketDayMarginMs)
      errors.timeLoaded = truckDispatchMessages.timeLoadedBeforeTicketDate;
  }
  const companyName = typeof input.transportCompanyName === 'string' ? input.transportCompanyName.trim() : '';
  if (companyName === '') errors.transportCompanyName = truckDispatchMessages.haulageCompanyRequired;
  else if (companyName.length > maxIndexedTextLength) errors.transportCompanyName = companyNameTooLong;
  if (details.truckDriverName === null) errors.truckDriverName = ticketFormMessages.driverNameRequired;
  if (details.truckLicensePlate === null) errors.truckLicensePlate = ticketFormMessages.licensePlateRequired;
  assertValid(errors);
  return {
    timeLoaded: details.timeLoaded as string,
    transportCompanyName: companyName,
    truckNumber: details.truckNumber,
    truckLicensePlate: details.truckLicensePlate as string,
    truckDriverName: details.truckDriverName as string,
    truckDriverNumber: details.truckDriverNumber,
  };
}
