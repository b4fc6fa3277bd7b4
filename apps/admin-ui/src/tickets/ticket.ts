import type { Ticket } from '@portal/contract';
import { mayReceive, TruckType } from '@portal/domain';
import type { Identifier } from 'react-admin';
import { chosenId, instant, textOrNull as text } from '../common/form-values';
import { currentSession } from '../session';
import { normalisePlateInput } from '../trucks/truck';

// The ticket's pages; the public link adds ?hash=… to the first.
export const ticketPath = (id: Identifier) => `/ticket/${id}`;
export const publicTicketUrl = (origin: string, id: Identifier, hash: string) =>
  `${origin}${ticketPath(id)}?hash=${encodeURIComponent(hash)}`;
export const ticketLogPath = (id: Identifier) => `/ticket-log/${id}`;
export const ticketAuditPath = (id: Identifier) => `/ticket-audit/${id}`;

/** The truck types of the 'Triaxle or Trailer' select. */
export const truckTypeChoices = Object.entries(TruckType).map(([typeName, id]) => ({
  id,
  name: `portal.tickets.truckTypes.${typeName.toLowerCase()}`,
}));

/**
 * Values only the full form fills in. A ticket with none of them (a generated one, or one with only a
 * truck's details) gets the short-ticket form.
 */
const fullFormFields = [
  'contractorCompanyId',
  'jobSite',
  'timeLoaded',
  'timeReceived',
  'siteContactName',
  'contractorOfficeContactId',
  'projectId',
  'truckTypeId',
  'materialTypeId',
  'materialId',
  'weight',
] as const satisfies readonly (keyof Ticket)[];

const isFilled = (value: unknown) => value !== null && value !== undefined && value !== '';

export const hasFullFormValues = (ticket: Ticket): boolean =>
  fullFormFields.some((field) => isFilled(ticket[field]));

export type TicketVariant = 'full' | 'short' | 'external';

/** Loads from the external system get the read-only variant; otherwise the form that fits what is filled in. */
export const ticketVariant = (ticket: Ticket): TicketVariant =>
  ticket.isSoilFLOLoad ? 'external' : hasFullFormValues(ticket) ? 'full' : 'short';

/** What the signed-in user may do on a ticket's page (docs/rules.md, "Roles"); the server refuses the rest. */
export interface TicketPermissions {
  isAdministrator: boolean;
}

/** Standard users cannot change received tickets (403 'Standard users cannot edit received tickets.'). */
export const mayEdit = (ticket: Ticket, { isAdministrator }: TicketPermissions) =>
  isAdministrator || !ticket.isReceived;

/** Reject is an administrators' call, refused (409) once received; a rejected ticket is rejected already. */
export const mayReject = (ticket: Ticket, { isAdministrator }: TicketPermissions) =>
  isAdministrator && mayReceive(ticket);

/** What a ticket is, in one word of its status chip: received, rejected or neither yet. */
export const receiptStatus = (ticket: Ticket): 'received' | 'rejected' | 'notReceived' =>
  ticket.isReceived ? 'received' : ticket.isRejected ? 'rejected' : 'notReceived';

const weight = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** The full form's fields, as `PUT /api/ticket/edit` takes them; names and flags are the server's. */
export const toFullTicketPayload = (values: Record<string, unknown>) => ({
  date: instant(values.date),
  timeLoaded: instant(values.timeLoaded),
  timeReceived: instant(values.timeReceived),
  jobSite: text(values.jobSite),
  contractorCompanyId: chosenId(values.contractorCompanyId),
  siteContactName: text(values.siteContactName),
  siteContactNumber: text(values.siteContactNumber),
  contractorOfficeContactId: chosenId(values.contractorOfficeContactId),
  projectId: chosenId(values.projectId),
  projectLeader: text(values.projectLeader),
  isSaltImpacted: values.isSaltImpacted === true,
  transportCompanyId: chosenId(values.transportCompanyId),
  transportContactName: text(values.transportContactName),
  transportContactNumber: text(values.transportContactNumber),
  truckNumber: text(values.truckNumber),
  truckLicensePlate: text(normalisePlateInput(String(values.truckLicensePlate ?? ''))),
  truckDriverName: text(values.truckDriverName),
  truckDriverNumber: text(values.truckDriverNumber),
  truckTypeId: chosenId(values.truckTypeId),
  materialTypeId: chosenId(values.materialTypeId),
  materialId: chosenId(values.materialId),
  weight: weight(values.weight),
  notes: text(values.notes),
});

/**
 * The short form's fields, as `PUT /api/ticket/edit/short` takes them. The haulage company is typed by name:
 * the loaded company's id stays only while its name does, otherwise the server finds or creates the company
 * by name (`createTransportIfDoesNotExist`).
 */
export const toShortTicketPayload = (values: Record<string, unknown>, loaded: Ticket) => {
  const companyName = text(values.transportCompanyName);
  const sameCompany =
    companyName !== null && companyName.toLowerCase() === (loaded.transportCompanyName ?? '').toLowerCase();
  return {
    jobSite: text(values.jobSite),
    siteContactName: text(values.siteContactName),
    siteContactNumber: text(values.siteContactNumber),
    transportCompanyId: sameCompany ? loaded.transportCompanyId : null,
    transportCompanyName: companyName,
    truckLicensePlate: text(normalisePlateInput(String(values.truckLicensePlate ?? ''))),
    truckNumber: text(values.truckNumber),
    truckDriverName: text(values.truckDriverName),
    truckDriverNumber: text(values.truckDriverNumber),
    timeLoaded: instant(values.timeLoaded),
  };
};

/** The signed-in user's id, which the contract sends beside ticket calls. */
export const loggedInUserId = (): number | null => {
  const id = Number(currentSession()?.userId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A ticket save: `{ticket: {...fields, id, version}, loggedInUserId, createTransportIfDoesNotExist}`.
 * `receive` adds `isReceived: true`, which receives the ticket by the ticket page's rules.
 */
export const ticketSaveEnvelope = (
  loaded: Pick<Ticket, 'id' | 'version'>,
  fields: Record<string, unknown>,
  options: { receive: boolean; createTransportIfDoesNotExist: boolean; loggedInUserId: number | null },
) => ({
  ticket: {
    ...fields,
    id: loaded.id,
    version: loaded.version,
    ...(options.receive ? { isReceived: true } : {}),
  },
  loggedInUserId: options.loggedInUserId,
  createTransportIfDoesNotExist: options.createTransportIfDoesNotExist,
});

/** The receiving contact as the form shows it: the receiving user's first and last name. */
export const receivingContact = ({ userFirstName, userLastName }: Ticket): string =>
  [userFirstName, userLastName].filter(Boolean).join(' ');
