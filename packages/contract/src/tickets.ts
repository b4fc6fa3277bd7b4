import {
  Nullable,
  OneOf,
  TicketDetailsSchema,
  type TicketRange,
  TicketWeighingSchema,
  ticketRangeKey,
} from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { changeLogEntryFields } from './change-log';
import { LooseRecord } from './http';
import type { ChunkView } from './runs';

/**
 * The queries answer Dates; a date-time response field writes one as its ISO string (as JSON.stringify
 * would), so routes return query results as they are.
 */
const Instant = Nullable(Type.String({ format: 'date-time' }));

/**
 * A ticket as the API answers it (never the hash nonce): the details staff fill in, as the
 * domain defines them (so a new detail is in the answer, or the read path fails), with the ticket's state
 * and the names the read model shows beside its ids.
 */
export const TicketSchema = Type.Object(
  {
    id: Type.Integer(),
    prefix: Type.Integer(),
    ticketNumber: Type.Integer(),
    ...TicketDetailsSchema.properties,
    date: Instant,
    timeLoaded: Instant,
    timeReceived: Instant,
    loadTimeLoaded: Nullable(
      Type.String({
        format: 'date-time',
        description:
          "Beside the spec's fields: when the load left. timeLoaded, or once a dashboard receipt cleared it, the time loaded the ticket's history recorded; null for a ticket never loaded",
      }),
    ),
    isReceived: Type.Boolean(),
    isComplete: Type.Boolean({
      description: 'Derived from the required information, never taken from the client',
    }),
    isDispatched: Type.Boolean(),
    isRejected: Type.Boolean(),
    rejectReason: Nullable(Type.String()),
    isSoilFLOLoad: Type.Boolean(),
    contractorCompanyName: Nullable(Type.String()),
    transportCompanyName: Nullable(Type.String()),
    givenTransportCompanyName: Nullable(
      Type.String({
        description:
          "Beside the spec's fields (issue 32): the haulage company a driver typed on the Truck Dispatch page that no registered company has; null once the ticket names a company. The office registers or picks it",
      }),
    ),
    truckTypeName: Nullable(Type.String()),
    contractorOfficeContactName: Nullable(Type.String()),
    contractorOfficeContactNumber: Nullable(Type.String()),
    contractorOfficeContactEmail: Nullable(Type.String()),
    projectProjectId: Nullable(Type.String()),
    materialTypeName: Nullable(Type.String()),
    materialName: Nullable(Type.String()),
    firstWeight: Nullable(
      Type.Number({
        description:
          'Two-pass weighing: the first weight (KG) the ticket holds until the truck is weighed again; the second weighing completes gross, tare and net (PUT /api/ticket/weigh)',
      }),
    ),
    // How the weight was weighed: gross, tare and source (a scale's reading, or typed by hand: manual, with
    // manualReason; none recorded reads as 'no reason given'); null when set on a form or never weighed.
    weighing: Nullable(TicketWeighingSchema),
    userId: Nullable(Type.Integer({ description: 'The receiving user' })),
    userFirstName: Nullable(Type.String()),
    userLastName: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'Ticket' },
);

export type Ticket = Static<typeof TicketSchema>;

/** The ticket's instants: date-time strings in JSON, Dates in the read model's rows. */
export type TicketInstantField = 'date' | 'timeLoaded' | 'timeReceived';

export const TicketList = Type.Array(TicketSchema);

/** The dashboard table shows 50 tickets a page, with 50, 100, 150 or 200 to choose from. */
export const ticketPageSizes = [50, 100, 150, 200] as const;

/** The columns a ticket list can be ordered by (the dashboard table's sortable ones). */
export const ticketSortFields = ['ticketNumber', 'timeLoaded', 'timeReceived', 'isComplete'] as const;

/**
 * One page of a ticket list, asked for in the query string. Sent, the list answers that page and its
 * `total`; left out, the spec's answer (every ticket) is kept.
 */
export const TicketPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1' })),
  perPage: Type.Optional(OneOf(ticketPageSizes)),
  sort: Type.Optional(OneOf(ticketSortFields)),
  order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
});
export type TicketPageQuery = Static<typeof TicketPageQuery>;
export type TicketSortField = (typeof ticketSortFields)[number];

/** A page of tickets and how many match in all. */
export const TicketPageSchema = Type.Object({
  tickets: TicketList,
  total: Type.Integer({ description: 'Every matching ticket, on all pages' }),
});
export type TicketPage = Static<typeof TicketPageSchema>;

/**
 * A daily list's answer: every ticket (the spec's array), or the page asked for with the total. The
 * page names the ticket by reference: one schema may hold `Ticket` only once.
 */
export const TicketListOrPage = Type.Union([
  TicketList,
  Type.Object({ tickets: Type.Array(Type.Ref(TicketSchema)), total: TicketPageSchema.properties.total }),
]);

/** Generate's answer, a chunk's and the whole run's: existing numbers are named in `error`. */
export const GenerateAnswerSchema = Type.Object({
  success: Type.Boolean(),
  tickets: Type.Array(Type.Integer(), { description: 'The numbers generated' }),
  error: Nullable(Type.String()),
});

/** One range of a bulk receive, one chip on the Bulk Receive tab. */
export type GenerateAnswer = Static<typeof GenerateAnswerSchema>;

export const ReceiveChipSchema = Type.Object({
  key: Type.String({ description: "The range, e.g. '1-3'" }),
  value: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')]),
  message: Type.Optional(Type.String({ description: 'What was not received, and why' })),
});

/** Bulk receive's answer: ranges received, ranges failed, and every range's chip. */
export const BulkReceiveAnswerSchema = Type.Object({
  success: Type.Integer(),
  fail: Type.Integer(),
  results: Type.Array(ReceiveChipSchema),
});
export type ReceiveChip = Static<typeof ReceiveChipSchema>;

/**
 * A bulk receive's chunk (one range) as its chip: the chip it finished with, else failed with its error, failed
 * 'cancelled' when a cancel dropped it, or pending. The run's answer and the Bulk Receive tab (reading the
 * chunks' pages of a run too big for its status document to carry the answer) both build chips so.
 */
export function receiveChipOf(chunk: ChunkView<TicketRange, ReceiveChip>): ReceiveChip {
  if (chunk.result) return chunk.result;
  const key = ticketRangeKey(chunk.spec);
  if (chunk.state === 'cancelled') return { key, value: 'failed', message: 'cancelled' };
  return chunk.error ? { key, value: 'failed', message: chunk.error } : { key, value: 'pending' };
}

/** What a bulk receive would take (its confirmation panel, issue 34 D23): POST /api/ticket/bulk/receive/check. */
export const BulkReceiveCheckSchema = Type.Object({
  loaded: Type.Array(Type.Integer(), { description: 'Ticket numbers loaded (a time loaded), not received' }),
  neverLoaded: Type.Array(Type.Integer(), {
    description: 'Ticket numbers never loaded (no time loaded), not received: a receipt of one is not a load',
  }),
  alreadyReceived: Type.Array(Type.Integer()),
  missing: Type.Array(Type.Integer(), { description: 'Numbers of the entry with no ticket' }),
});
export type BulkReceiveCheck = Static<typeof BulkReceiveCheckSchema>;
export type BulkReceiveAnswer = Static<typeof BulkReceiveAnswerSchema>;

/** What a bulk update or clear would change (the confirmation panel): POST /bulk/check and /bulk/clear/check. */
export const BulkCheckSchema = Type.Object({
  count: Type.Integer({ description: 'Tickets the bulk change would touch (not received)' }),
  ticketNumbers: Type.Array(Type.Integer()),
  excludedTicketNumbers: Type.Array(Type.Integer(), { description: 'Received: never changed' }),
  results: Type.Array(Type.Object({ ticketNumber: Type.Integer(), fields: Type.Array(Type.String()) }), {
    description: 'Conflicts: tickets whose fields already hold other values (Force Update overwrites)',
  }),
  message: Nullable(Type.String()),
});
export type BulkCheck = Static<typeof BulkCheckSchema>;

/** A bulk update or clear run's result (GET /api/job/{id}): the progress panel's summary. */
export interface BulkEditRunResult {
  updated: number;
  skipped: { ticketNumber: number; reason: string }[];
  errors: { from: number; to: number; error: string }[];
}

/**
 * What the public hash link shows: what the printed ticket shows (docs/security.md, "Public
 * ticket link"). No notes, no staff, no office contact, no internal ids but the ticket's own.
 */
export const PublicTicketSchema = Type.Pick(
  TicketSchema,
  [
    'id',
    'prefix',
    'ticketNumber',
    'date',
    'timeLoaded',
    'timeReceived',
    'jobSite',
    'contractorCompanyName',
    'siteContactName',
    'siteContactNumber',
    'transportCompanyName',
    'truckNumber',
    'truckLicensePlate',
    'truckDriverName',
    'materialTypeName',
    'materialName',
    'weight',
    'isReceived',
  ] as const,
  { $id: 'PublicTicket', additionalProperties: false },
);
export type PublicTicket = Static<typeof PublicTicketSchema>;

/** A ticket save: {ticket, loggedInUserId, createTransportIfDoesNotExist}; the token names the user. */
export const TicketEnvelope = Type.Object({
  ticket: Type.Optional(LooseRecord),
  loggedInUserId: Type.Optional(Type.Unknown()),
  createTransportIfDoesNotExist: Type.Optional(Type.Unknown()),
});

export const DailyCountsSchema = Type.Object({
  loadedTicketCountForToday: Type.Integer(),
  activeTicketCountForToday: Type.Integer(),
  receivedTicketCountForToday: Type.Integer(),
  receivedWithoutLoadCountForToday: Type.Integer({
    description:
      'Of the received: tickets received without ever being loaded (a bulk receipt of a blank ticket); not in loadedTicketCountForToday',
  }),
  uniqueContractorsForToday: Type.Integer(),
  uniqueJobSitesForToday: Type.Integer(),
});
export type DailyCounts = Static<typeof DailyCountsSchema>;

export const LogEntrySchema = Type.Object({
  id: Type.Integer(),
  eventType: Type.String(),
  ...changeLogEntryFields('ticket'),
});
/** One entry of a ticket's change log, newest first. */
export type TicketLogEntry = Static<typeof LogEntrySchema>;

/** One event of a ticket's stream (GET /api/ticket/{id}/history), with the ticket as of that event. */
export const TicketHistoryEventSchema = Type.Object({
  version: Type.Integer(),
  type: Type.String(),
  occurredAt: Type.String(),
  userId: Nullable(Type.Integer()),
  apiKeyId: Type.Optional(
    Type.String({ description: 'Set when an API key made the change (its issuer is userId)' }),
  ),
  data: Type.Unknown(),
  state: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Null once deleted' })),
});
export type TicketHistoryEvent = Static<typeof TicketHistoryEventSchema>;

/** The search and report filters; ids and numbers may arrive as strings from forms. */
export const TicketFilterBody = Type.Object({
  ticketNumber: Type.Optional(Type.Unknown()),
  from: Type.Optional(Type.Unknown()),
  to: Type.Optional(Type.Unknown()),
  fromDate: Type.Optional(Nullable(Type.String())),
  toDate: Type.Optional(Nullable(Type.String())),
  contractorCompanyId: Type.Optional(Type.Unknown()),
  transportCompanyId: Type.Optional(Type.Unknown()),
  projectId: Type.Optional(Type.Unknown()),
  jobSite: Type.Optional(Nullable(Type.String())),
  truckLicensePlate: Type.Optional(Nullable(Type.String())),
});

/** GET /api/ticket/{id}/same-truck (issue 34, D21): the other open dispatches of the ticket's truck. */
export const SameTruckDispatchesSchema = Type.Object(
  {
    tickets: Type.Array(Type.Pick(TicketSchema, ['id', 'prefix', 'ticketNumber'] as const)),
    warning: Nullable(
      Type.String({ description: 'What the ticket page says of them; null when there are none' }),
    ),
  },
  { $id: 'SameTruckDispatches' },
);
export type SameTruckDispatches = Static<typeof SameTruckDispatchesSchema>;

export const BulkReceiveBody = Type.Object({
  ticketRange: Type.Optional(Type.Unknown({ description: "The entry, e.g. '1,2,3', '1-3' or '1-3,5'" })),
  loggedInUserId: Type.Optional(Type.Unknown({ description: 'Ignored: the receiver is the logged-in user' })),
  forceReceive: Type.Optional(
    Type.Unknown({
      description: 'true: a range with tickets that could not be received still counts as accepted',
    }),
  ),
});
