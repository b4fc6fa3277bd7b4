/**
 * A haulage ticket: one truck load, from generation through loading, dispatch and receipt
 * (spec sections 3 and 4). Names shown beside ids (company, material, …) come from the read
 * models; the aggregate keeps only what the ticket itself says.
 */
export const ticketStreamId = (ticketId: number): string => `ticket-${ticketId}`;

/** Spec section 3, Truck types. */
export const TruckType = { Triaxle: 1, Trailer: 2 } as const;
export const truckTypeNames: Record<number, string> = { 1: 'Triaxle', 2: 'Trailer' };

/** The fields staff fill in on the ticket forms (full, short and dispatch). */
export interface TicketDetails {
  date: string | null;
  timeLoaded: string | null;
  timeReceived: string | null;
  jobSite: string | null;
  contractorCompanyId: number | null;
  transportCompanyId: number | null;
  truckId: number | null;
  truckTypeId: number | null;
  truckNumber: string | null;
  truckLicensePlate: string | null;
  truckDriverName: string | null;
  truckDriverNumber: string | null;
  siteContactName: string | null;
  siteContactNumber: string | null;
  contractorOfficeContactId: number | null;
  transportContactName: string | null;
  transportContactNumber: string | null;
  projectId: number | null;
  projectLeader: string | null;
  materialTypeId: number | null;
  materialId: number | null;
  isSaltImpacted: boolean;
  notes: string | null;
  /** Net weight in KG. */
  weight: number | null;
  soilFLOTicketId: number | null;
  updateSoilFLO: boolean;
}

export const emptyTicketDetails: TicketDetails = {
  date: null,
  timeLoaded: null,
  timeReceived: null,
  jobSite: null,
  contractorCompanyId: null,
  transportCompanyId: null,
  truckId: null,
  truckTypeId: null,
  truckNumber: null,
  truckLicensePlate: null,
  truckDriverName: null,
  truckDriverNumber: null,
  siteContactName: null,
  siteContactNumber: null,
  contractorOfficeContactId: null,
  transportContactName: null,
  transportContactNumber: null,
  projectId: null,
  projectLeader: null,
  materialTypeId: null,
  materialId: null,
  isSaltImpacted: false,
  notes: null,
  weight: null,
  soilFLOTicketId: null,
  updateSoilFLO: false,
};

/** Where a receipt came from: the spec gives the dashboard and the ticket page different rules. */
export type ReceiptSource = 'dashboard' | 'ticket' | 'scale' | 'bulk';

export type TicketEvent =
  | {
      type: 'TicketGenerated';
      data: {
        ticketId: number;
        prefix: number;
        ticketNumber: number;
        isSoilFLOLoad: boolean;
        hashNonce: string;
        date: string;
      };
    }
  | { type: 'TicketEdited'; data: { ticketId: number; details: TicketDetails } }
  | {
      type: 'TicketReceived';
      data: {
        ticketId: number;
        timeReceived: string;
        timeLoaded: string | null;
        receivedByUserId: number;
        source: ReceiptSource;
      };
    }
  | { type: 'TicketReceiptReset'; data: { ticketId: number } }
  | { type: 'TicketRejected'; data: { ticketId: number; reason: string } }
  | { type: 'TicketDispatchToggled'; data: { ticketId: number; isDispatched: boolean } }
  | {
      type: 'TicketWeighed';
      data: { ticketId: number; materialId: number; scaleWeight: number; tareWeight: number; weight: number };
    }
  | { type: 'TicketRestored'; data: { ticketId: number; details: TicketDetails; logEntryId: number } }
  /** The public link was revoked: a new nonce makes the old hash worthless and gives a new one. */
  | { type: 'TicketLinkRevoked'; data: { ticketId: number; hashNonce: string } }
  | { type: 'TicketDeleted'; data: { ticketId: number } };

export const ticketEventTypes: TicketEvent['type'][] = [
  'TicketGenerated',
  'TicketEdited',
  'TicketReceived',
  'TicketReceiptReset',
  'TicketRejected',
  'TicketDispatchToggled',
  'TicketWeighed',
  'TicketRestored',
  'TicketLinkRevoked',
  'TicketDeleted',
];

export interface ActiveTicket {
  status: 'active';
  ticketId: number;
  prefix: number;
  ticketNumber: number;
  isSoilFLOLoad: boolean;
  hashNonce: string;
  details: TicketDetails;
  isReceived: boolean;
  receivedByUserId: number | null;
  isDispatched: boolean;
  isRejected: boolean;
  rejectReason: string | null;
}

export type TicketState = { status: 'absent' } | ActiveTicket | { status: 'deleted'; ticketId: number };

export const initialTicketState: TicketState = { status: 'absent' };

/** Dispatch information a rejection clears (spec section 4): who was trucking it, and when it left. */
export const dispatchFields = [
  'timeLoaded',
  'transportCompanyId',
  'truckId',
  'truckNumber',
  'truckLicensePlate',
  'truckDriverName',
  'truckDriverNumber',
] as const satisfies readonly (keyof TicketDetails)[];

const withDetails = (state: TicketState, change: (ticket: ActiveTicket) => ActiveTicket): TicketState =>
  state.status === 'active' ? change(state) : state;

export function evolveTicket(state: TicketState, event: TicketEvent): TicketState {
  switch (event.type) {
    case 'TicketGenerated': {
      const { ticketId, prefix, ticketNumber, isSoilFLOLoad, hashNonce, date } = event.data;
      return {
        status: 'active',
        ticketId,
        prefix,
        ticketNumber,
        isSoilFLOLoad,
        hashNonce,
        details: { ...emptyTicketDetails, date },
        isReceived: false,
        receivedByUserId: null,
        isDispatched: false,
        isRejected: false,
        rejectReason: null,
      };
    }
    case 'TicketEdited':
    case 'TicketRestored':
      return withDetails(state, (t) => ({
        ...t,
        details: event.data.details,
        isRejected: false,
        rejectReason: null,
      }));
    case 'TicketReceived':
      return withDetails(state, (t) => ({
        ...t,
        isReceived: true,
        isDispatched: false,
        receivedByUserId: event.data.receivedByUserId,
        details: { ...t.details, timeReceived: event.data.timeReceived, timeLoaded: event.data.timeLoaded },
      }));
    case 'TicketReceiptReset':
      return withDetails(state, (t) => ({
        ...t,
        isReceived: false,
        details: { ...t.details, timeReceived: null, updateSoilFLO: false },
      }));
    case 'TicketRejected': {
      const cleared = Object.fromEntries(dispatchFields.map((field) => [field, null]));
      return withDetails(state, (t) => ({
        ...t,
        isRejected: true,
        rejectReason: event.data.reason,
        isDispatched: false,
        details: { ...t.details, ...cleared },
      }));
    }
    case 'TicketDispatchToggled':
      return withDetails(state, (t) => ({ ...t, isDispatched: event.data.isDispatched }));
    case 'TicketWeighed':
      return withDetails(state, (t) => ({
        ...t,
        details: { ...t.details, materialId: event.data.materialId, weight: event.data.weight },
      }));
    case 'TicketLinkRevoked':
      return withDetails(state, (t) => ({ ...t, hashNonce: event.data.hashNonce }));
    case 'TicketDeleted':
      return { status: 'deleted', ticketId: event.data.ticketId };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/**
 * A ticket is complete when the information a receipt needs is there (spec sections 4 and 5):
 * derived from the details, never taken from the client. A received ticket needs no time loaded:
 * the dashboard's receipt clears it (spec section 4) and the time received stands in.
 */
export function isTicketComplete(details: TicketDetails, isReceived = false): boolean {
  const filled = (value: string | null) => value !== null && value.trim() !== '';
  return (
    filled(details.date) &&
    (isReceived || filled(details.timeLoaded)) &&
    filled(details.jobSite) &&
    filled(details.siteContactName) &&
    filled(details.truckDriverName) &&
    filled(details.truckLicensePlate) &&
    (details.contractorCompanyId ?? 0) >= 1 &&
    (details.transportCompanyId ?? 0) >= 1 &&
    (details.truckTypeId ?? 0) >= 1
  );
}

/** Spec sections 2 and 9: '[prefix] number', the number zero-padded to 6 digits. */
export const displayTicketNumber = (prefix: number, ticketNumber: number): string =>
  `[${prefix}] ${String(ticketNumber).padStart(6, '0')}`;

/** Spec section 4: net = scale weight − truck tare (or the default tare), to 2 decimals, in KG. */
export const netWeight = (scaleWeight: number, tareWeight: number): number =>
  Math.round((scaleWeight - tareWeight) * 100) / 100;
