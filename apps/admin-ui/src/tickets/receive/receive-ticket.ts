import type { Ticket, Truck } from '@portal/contract';
import { licensePlateMaxLength, truckFitsCompany, truckMessages } from '@portal/domain';
import { chosenId as id, textOrNull as text } from '../../common/form-values';

/** What the Receive Ticket dialog reads of a ticket; the dashboard's rows and the ticket page's ticket both fit. */
export type ReceivableTicket = Pick<
  Ticket,
  | 'id'
  | 'prefix'
  | 'ticketNumber'
  | 'isComplete'
  | 'timeLoaded'
  | 'contractorCompanyName'
  | 'jobSite'
  | 'siteContactName'
  | 'siteContactNumber'
  | 'transportCompanyId'
  | 'transportCompanyName'
  | 'givenTransportCompanyName'
  | 'truckId'
  | 'truckNumber'
  | 'truckLicensePlate'
  | 'truckDriverName'
  | 'truckDriverNumber'
>;

/** Receiving from the dashboard clears the time loaded; from the ticket page it keeps it. */
export type ReceiptSource = 'dashboard' | 'ticket';

/** The fields an incomplete ticket's dialog lets the user fill in. */
export interface ReceiveFormValues {
  jobSite: string;
  siteContactName: string;
  siteContactNumber: string | null;
  transportCompanyId: number | null;
  truckId: number | null;
  truckLicensePlate: string;
  truckNumber: string;
  truckDriverName: string;
  truckDriverNumber: string | null;
}

/** A truck as POST /api/truck/all lists it: what a typed plate autofills from. */
export type KnownTruck = Pick<
  Truck,
  'id' | 'transportCompanyId' | 'number' | 'licensePlate' | 'driverName' | 'driverNumber'
>;

export const receiveFormValues = (ticket: ReceivableTicket): ReceiveFormValues => ({
  jobSite: ticket.jobSite ?? '',
  siteContactName: ticket.siteContactName ?? '',
  siteContactNumber: ticket.siteContactNumber,
  transportCompanyId: ticket.transportCompanyId,
  truckId: ticket.truckId,
  truckLicensePlate: ticket.truckLicensePlate ?? '',
  truckNumber: ticket.truckNumber ?? '',
  truckDriverName: ticket.truckDriverName ?? '',
  truckDriverNumber: ticket.truckDriverNumber,
});

/**
 * The company is locked once the ticket has a transportCompanyId; plate and truck number
 * once it has a truckId.
 */
export const lockedFields = (ticket: ReceivableTicket) => ({
  transportCompany: ticket.transportCompanyId != null,
  truck: ticket.truckId != null,
});

/** A plate autofills at 7 characters, when it is a known truck's plate. */
export function truckWithPlate(plate: string, trucks: readonly KnownTruck[]): KnownTruck | undefined {
  const wanted = plate.trim().toUpperCase();
  if (wanted.length !== licensePlateMaxLength) return undefined;
  return trucks.find((truck) => truck.licensePlate.trim().toUpperCase() === wanted);
}

/**
 * A known truck of another company than the ticket's locked one is refused, in the server's words
 * (issue 15, item 2): its company would otherwise stay while its truck came along.
 */
export function otherCompanyTruck(
  truck: KnownTruck | undefined,
  lockedCompany: { id: number; name: string } | null,
  ownerName: (companyId: number) => string,
): string | undefined {
  if (!truck || !lockedCompany || truckFitsCompany(truck, lockedCompany.id)) return undefined;
  return truckMessages.otherCompany(
    truck.licensePlate,
    ownerName(truck.transportCompanyId),
    lockedCompany.name,
  );
}

/**
 * What a matched truck fills in: its number, driver and id always, its company unless the ticket's company
 * is locked (the ticket's company stays, as the dialog shows it).
 */
export function autofillFromTruck(
  truck: KnownTruck,
  companyLocked: boolean,
): Partial<
  Pick<
    ReceiveFormValues,
    'truckId' | 'truckNumber' | 'truckDriverName' | 'truckDriverNumber' | 'transportCompanyId'
  >
> {
  return {
    truckId: truck.id,
    truckNumber: truck.number,
    truckDriverName: truck.driverName ?? '',
    truckDriverNumber: truck.driverNumber,
    ...(companyLocked ? {} : { transportCompanyId: truck.transportCompanyId }),
  };
}

interface ReceiveRequest {
  ticketId: number;
  source: ReceiptSource;
  ticket?: Record<string, string | number | null>;
}

/**
 * PUT /api/ticket/receive: a complete ticket goes as it is; an incomplete one carries the dialog's fields,
 * with the locked ones as the ticket has them, whatever the form holds.
 */
export function receiveRequest(
  ticket: ReceivableTicket,
  values: ReceiveFormValues,
  source: ReceiptSource,
): ReceiveRequest {
  if (ticket.isComplete) return { ticketId: ticket.id, source };
  const locked = lockedFields(ticket);
  return {
    ticketId: ticket.id,
    source,
    ticket: {
      jobSite: text(values.jobSite),
      siteContactName: text(values.siteContactName),
      siteContactNumber: text(values.siteContactNumber),
      transportCompanyId: locked.transportCompany ? ticket.transportCompanyId : id(values.transportCompanyId),
      truckId: locked.truck ? ticket.truckId : id(values.truckId),
      truckLicensePlate: locked.truck
        ? ticket.truckLicensePlate
        : (text(values.truckLicensePlate)?.toUpperCase() ?? null),
      truckNumber: locked.truck ? ticket.truckNumber : text(values.truckNumber),
      truckDriverName: text(values.truckDriverName),
      truckDriverNumber: text(values.truckDriverNumber),
    },
  };
}
