import { type Static, Type } from '@sinclair/typebox';
import { contractorContacts } from '../contractors/contractor-contact';
import type { OlderEventVersions } from '../events/event-versions';
import { removedPersonalData } from '../tickets/personal-data';
import { transportContacts } from '../transports/transport-contact';
import type { UserEvent } from '../users/user';

/** One rewritten event: its version in the stream, its content hashes before and after (the chain's voucher). */
const RedactedEventSchema = Type.Object({
  version: Type.Integer(),
  originalContentHash: Type.String(),
  redactedContentHash: Type.String(),
});

/**
 * Retention removed personal data from earlier events of the stream it is in (docs/retention.md): a ticket's,
 * a deleted contact's or a deleted user's. Version 2: any stream's, so it names no record; the stream is its
 * subject.
 */
export const RedactionEventSchemas = {
  PersonalDataRedacted: Type.Object({
    reason: Type.String(),
    redactedEvents: Type.Array(RedactedEventSchema),
  }),
};
export type PersonalDataRedacted = {
  type: 'PersonalDataRedacted';
  data: Static<(typeof RedactionEventSchemas)['PersonalDataRedacted']>;
};

/** Version 1, frozen: tickets' only, so it named its ticket as every ticket event does. */
const PersonalDataRedactedV1Schema = Type.Object({
  ticketId: Type.Integer(),
  reason: Type.String(),
  redactedEvents: Type.Array(RedactedEventSchema),
});
type PersonalDataRedactedV1 = Static<typeof PersonalDataRedactedV1Schema>;

export const olderRedactionEventVersions = {
  PersonalDataRedacted: [
    {
      schema: PersonalDataRedactedV1Schema,
      toNext: ({ ticketId: _ticket, ...redacted }: PersonalDataRedactedV1) => redacted,
    },
  ],
} satisfies OlderEventVersions;

/** A user's personal fields, by event type (what a deleted user's stream loses; its id and role stay). */
const personalFieldsOfUserEvents: Partial<Record<UserEvent['type'], readonly string[]>> = {
  UserRegistered: ['username', 'firstName', 'lastName', 'phoneNumber', 'passwordHash'],
  UserProfileChanged: ['username', 'firstName', 'lastName', 'phoneNumber'],
  UserPasswordChanged: ['passwordHash'],
};
/**
 * The personal fields of a deleted record's events, by event type: what retention rewrites once the record's
 * period is over. Contacts keep their company. A username stays unique per user (removedValue), so a rebuild
 * of the users' read model never meets two alike.
 */
const personalFieldsOfRecordEvents: Record<string, readonly string[] | undefined> = {
  [contractorContacts.eventTypes.created]: ['name', 'number', 'email'],
  [contractorContacts.eventTypes.updated]: ['name', 'number', 'email'],
  [transportContacts.eventTypes.created]: ['name', 'number'],
  [transportContacts.eventTypes.updated]: ['name', 'number'],
  ...personalFieldsOfUserEvents,
};

/** The deletions whose records retention rewrites. */
export const redactedRecordDeletions = [
  contractorContacts.eventTypes.deleted,
  transportContacts.eventTypes.deleted,
  'UserDeleted' satisfies UserEvent['type'],
];

const removedValue = (field: string, data: Record<string, unknown>): string =>
  field === 'username' ? `${removedPersonalData} user ${String(data.userId)}` : removedPersonalData;

/**
 * Which of a stream's stored events to rewrite without personal data, each with its data as it is to be
 * stored: a ticket's (ticketRedactions), a deleted record's (recordRedactions).
 */
export type StreamRedactions = (
  events: readonly { version: number; type: string; data: unknown }[],
) => { version: number; data: unknown }[];

/**
 * A deleted record's events to rewrite: a value never given (null) stays null; events already without any are
 * left out, so a second run rewrites nothing.
 */
export const recordRedactions: StreamRedactions = (events) =>
  events.flatMap(({ version, type, data }) => {
    const fields = personalFieldsOfRecordEvents[type];
    if (!fields) return [];
    const record = data as Record<string, unknown>;
    const redacted = { ...record };
    for (const field of fields)
      if (typeof record[field] === 'string') redacted[field] = removedValue(field, record);
    const changed = fields.some((field) => redacted[field] !== record[field]);
    return changed ? [{ version, data: redacted }] : [];
  });
