import type { TicketLogEntry } from '@portal/contract';

interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The events a ticket's log can show, each with its words in the catalogue (`portal.tickets.events`). */
const knownEvents = new Set([
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
]);

/** The catalogue key of an event's words, or null for an event this UI does not know yet. */
export const eventTypeKey = (eventType: string): string | null =>
  knownEvents.has(eventType) ? `portal.tickets.events.${eventType}` : null;

/** Fields in the order of the ticket page's sections; anything else the server adds follows alphabetically. */
const ticketFieldOrder = [
  'id',
  'prefix',
  'ticketNumber',
  'date',
  'timeLoaded',
  'timeReceived',
  'isReceived',
  'isComplete',
  'isDispatched',
  'isRejected',
  'rejectReason',
  'isSoilFLOLoad',
  'soilFLOTicketId',
  'contractorCompanyId',
  'jobSite',
  'siteContactName',
  'siteContactNumber',
  'contractorOfficeContactId',
  'projectId',
  'projectLeader',
  'isSaltImpacted',
  'transportCompanyId',
  'transportContactName',
  'transportContactNumber',
  'truckId',
  'truckNumber',
  'truckLicensePlate',
  'truckDriverName',
  'truckDriverNumber',
  'truckTypeId',
  'materialTypeId',
  'materialId',
  'weight',
  'userId',
  'notes',
  'updateSoilFLO',
];

const rank = (field: string) => {
  const index = ticketFieldOrder.indexOf(field);
  return index === -1 ? ticketFieldOrder.length : index;
};

/** Sorts field names into the page's order. */
export const byTicketFieldOrder = (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);

function parseObject(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Empty text and null read the same in a log: neither is a change. */
const normalised = (value: unknown) => (value === undefined || value === '' ? null : value);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/** The ticket before and after one event, field by field, with the fields that changed marked. */
export function compareTicketLogEntry(entry: TicketLogEntry): FieldChange[] {
  const before = parseObject(entry.currentDataObject);
  const after = parseObject(entry.updatedDataObject);
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...fields].sort(byTicketFieldOrder).map((field) => ({
    field,
    before: before?.[field],
    after: after?.[field],
    changed: !sameValue(before?.[field], after?.[field]),
  }));
}

/** Spec section 2: who made the change, as 'First Last (username)'. */
export function logEntryUser({ firstName, lastName, username }: TicketLogEntry): string {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  if (name && username) return `${name} (${username})`;
  return name || username || '';
}
