import type { TicketLogEntry } from '@portal/contract';
import { byFieldOrder, compareChange } from '../common/change-log';
import { ticketEventWords, ticketFieldLabels } from '../i18n/messages/tickets';

/** The events a ticket's log can show: the domain's, each with its words in the catalogue (`portal.tickets.events`). */
const knownEvents = new Set<string>(Object.keys(ticketEventWords));

/** The catalogue key of an event's words, or null for an event this UI does not know yet. */
export const eventTypeKey = (eventType: string): string | null =>
  knownEvents.has(eventType) ? `portal.tickets.events.${eventType}` : null;

/** Sorts field names into the ticket page's order, the order of its fields in the catalogue. */
export const byTicketFieldOrder = byFieldOrder(Object.keys(ticketFieldLabels));

/** Empty text and null read the same in a log: neither is a change. */
const normalised = (value: unknown) => (value === undefined || value === '' ? null : value);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));

/** The ticket before and after one event, field by field, with the fields that changed marked. */
export const compareTicketLogEntry = (entry: TicketLogEntry) =>
  compareChange(entry, { order: byTicketFieldOrder, sameValue }).fields;
