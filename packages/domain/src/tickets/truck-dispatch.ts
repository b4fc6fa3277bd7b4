import { type Static, Type } from '@sinclair/typebox';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';
import type { TicketDetails } from './ticket';
import { readTicketDetails, ticketFormMessages, validateShortTicket } from './validation';

/**
 * The Truck Dispatch page (docs/rules.md, "Dispatch link"): a driver, holding the ticket's link, says which
 * truck carries the load. No user is signed in; the link's hash is the authority.
 */
export const TruckDispatchSchema = Type.Object({
  timeLoaded: Type.String(),
  transportCompanyId: Type.Integer(),
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

export const truckDispatchMessages = {
  /**
   * The dispatch form has its own capital C, word for word: the product's messages are
   * requirements, so this one stays as written although the ticket form's is cased otherwise.
   */
  haulageCompanyRequired: 'Haulage Company is required',
  externalLoad: "This load comes from SoilFLO: manage it in SoilFLO's dashboard.",
} as const;

/** The dispatch form over the ticket's details: time loaded (kept if the ticket has one), company, driver and plate required. */
export function validateTruckDispatch(input: Record<string, unknown>, current: TicketDetails): TruckDispatch {
  const given = readTicketDetails(input);
  const details = validateShortTicket(
    {
      ...current,
      timeLoaded: given.timeLoaded ?? current.timeLoaded,
      transportCompanyId: given.transportCompanyId,
      truckNumber: given.truckNumber,
      truckLicensePlate: given.truckLicensePlate,
      truckDriverName: given.truckDriverName,
      truckDriverNumber: given.truckDriverNumber,
      // The dispatch does not set the weight: a weight the ticket carries is not the driver's to answer for.
    },
    null,
  );
  const errors: FieldErrors = {};
  if (details.timeLoaded === null) errors.timeLoaded = ticketFormMessages.timeLoadedRequired;
  if (details.transportCompanyId === null)
    errors.transportCompanyId = truckDispatchMessages.haulageCompanyRequired;
  if (details.truckDriverName === null) errors.truckDriverName = ticketFormMessages.driverNameRequired;
  if (details.truckLicensePlate === null) errors.truckLicensePlate = ticketFormMessages.licensePlateRequired;
  assertValid(errors);
  return {
    timeLoaded: details.timeLoaded as string,
    transportCompanyId: details.transportCompanyId as number,
    truckNumber: details.truckNumber,
    truckLicensePlate: details.truckLicensePlate as string,
    truckDriverName: details.truckDriverName as string,
    truckDriverNumber: details.truckDriverNumber,
  };
}
