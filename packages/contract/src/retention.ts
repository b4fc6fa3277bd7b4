import { maxRetentionYears, Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Versioned } from './http';

/** How long the site keeps tickets' personal data (docs/retention.md). */
export const RetentionPolicySchema = Type.Object(
  {
    ...Versioned,
    ticketPersonalDataYears: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: maxRetentionYears,
        description:
          "Whole years after a ticket's date that its personal data (driver, contacts, project leader) is kept; null: kept, nothing is removed (the default)",
      }),
    ),
  },
  { $id: 'RetentionPolicy' },
);
export type RetentionPolicy = Static<typeof RetentionPolicySchema>;

/** What retention would do now: the Audit page's summary. */
export const RetentionStatusSchema = Type.Object(
  {
    ticketPersonalDataYears: Nullable(Type.Integer()),
    cutoff: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Tickets dated before this are past the period; null: no period',
      }),
    ),
    dueTickets: Type.Integer({
      description: 'Tickets past the period, not on hold, still holding personal data',
    }),
    heldTickets: Type.Integer({ description: 'Tickets past the period that a legal hold keeps' }),
  },
  { $id: 'RetentionStatus' },
);
export type RetentionStatus = Static<typeof RetentionStatusSchema>;

/** A retention run's answer. */
export const RetentionRunResultSchema = Type.Object(
  {
    redactedTickets: Type.Integer(),
    redactedEvents: Type.Integer(),
    failedTickets: Type.Array(Type.Integer(), {
      description: 'Tickets left as they were (changed meanwhile); the next run tries again',
    }),
    deletedOutboxMails: Type.Integer({
      description: 'Mails kept in the outbox (embedded mode) before the cut-off, deleted',
    }),
    redactedRecords: Type.Integer({
      description:
        "Contacts and users deleted before the cut-off whose own events' personal data was removed (a legal hold on a contact's contractor keeps it)",
    }),
  },
  { $id: 'RetentionRunResult' },
);
export type RetentionRunResult = Static<typeof RetentionRunResultSchema>;

/** A legal hold standing, with what it covers by name. */
export const LegalHoldSchema = Type.Object(
  {
    ...Versioned,
    projectId: Nullable(Type.Integer()),
    projectReference: Nullable(Type.String({ description: "The project's own reference (its projectId)" })),
    contractorCompanyId: Nullable(Type.Integer()),
    contractorCompanyName: Nullable(Type.String()),
    fromTicketId: Nullable(Type.Integer()),
    toTicketId: Nullable(Type.Integer()),
    reason: Type.String(),
  },
  { $id: 'LegalHold' },
);
export type LegalHold = Static<typeof LegalHoldSchema>;
