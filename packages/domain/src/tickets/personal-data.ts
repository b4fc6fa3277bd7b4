import type { StreamRedactions } from '../retention/personal-data-redacted';
import type { TicketDetails } from './ticket-details';

/**
 * Who was on a load: the ticket fields that name or reach a person. Retention removes them once the record's
 * period is over (docs/retention.md); the weights, times, sites, companies and plates stay.
 */
export const ticketPersonalFields = [
  'truckDriverName',
  'truckDriverNumber',
  'siteContactName',
  'siteContactNumber',
  'transportContactName',
  'transportContactNumber',
  'projectLeader',
] as const satisfies readonly (keyof TicketDetails)[];
type PersonalField = (typeof ticketPersonalFields)[number];

/** What a removed value reads as: an empty value stays empty, so the record still says which were given. */
export const removedPersonalData = '(removed)';

/** `fields` with each personal value that was given replaced by `removedPersonalData`. */
export function withoutPersonalData<Fields extends Partial<Record<PersonalField, string | null>>>(
  fields: Fields,
): Fields {
  const removed: Partial<Record<PersonalField, string>> = {};
  for (const field of ticketPersonalFields) {
    const value = fields[field];
    if (typeof value === 'string' && value !== removedPersonalData) removed[field] = removedPersonalData;
  }
  return { ...fields, ...removed };
}

/** The part of a ticket event's data that carries personal fields, by event type. */
const personalParts: Partial<Record<string, 'details' | 'dispatch'>> = {
  TicketEdited: 'details',
  TicketRestored: 'details',
  TruckDispatched: 'dispatch',
};

/**
 * The ticket's stored events to rewrite without personal data: each one holding some, with its data as it
 * is to be stored. Events already without any are left out, so a second run rewrites nothing.
 */
export const ticketRedactions: StreamRedactions = (events) =>
  events.flatMap(({ version, type, data }) => {
    const part = personalParts[type];
    if (!part) return [];
    const record = data as Record<string, Partial<Record<PersonalField, string | null>>>;
    const fields = record[part];
    if (!fields) return [];
    const redacted = withoutPersonalData(fields);
    const changed = ticketPersonalFields.some((field) => redacted[field] !== fields[field]);
    return changed ? [{ version, data: { ...record, [part]: redacted } }] : [];
  });
