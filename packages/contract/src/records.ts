import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { SettingsSchema } from './settings';
import { ReportTotalsSchema } from './ticket-report';
import { PublicTicketSchema, TicketSchema } from './tickets';

/**
 * What a ticket's public link opens besides the printed ticket (issue 12): the driver's Truck Dispatch
 * page and the haulage record. Both are read through the link's hash, without signing in, so each
 * carries only what its page shows.
 */

/**
 * GET and POST /api/ticket/{id}/{hash}/dispatch: the load as the Truck Dispatch page shows it (issue 32, item 3).
 * No haulage company directory and no driver's phone: the driver types the company's name and their number.
 */
export const DispatchViewSchema = Type.Object(
  {
    ticket: Type.Pick(TicketSchema, [
      'id',
      'prefix',
      'ticketNumber',
      'jobSite',
      'timeLoaded',
      'transportCompanyName',
      'givenTransportCompanyName',
      'truckNumber',
      'truckLicensePlate',
      'truckDriverName',
      'isDispatched',
      'isReceived',
      'isSoilFLOLoad',
    ] as const),
    sameTruckWarning: Type.Optional(
      Nullable(
        Type.String({
          description:
            'Issue 34 (D21): the truck of this dispatch is also dispatched on other open tickets (how many, not which); null when not. A warning: the dispatch is not refused',
        }),
      ),
    ),
  },
  { $id: 'DispatchView', additionalProperties: false },
);
export type DispatchView = Static<typeof DispatchViewSchema>;

/**
 * Read from the ticket's events for the printed records: the load's time loaded (the ticket's own, or the
 * one its history recorded before a dashboard receipt cleared it) and where its weight came
 * from (typed by hand with the operator's reason, or the scale that weighed it).
 */
const LoadHistoryFields = {
  loadedAt: Nullable(
    Type.String({
      format: 'date-time',
      description: "The load's time loaded: the ticket's timeLoaded, or the last one its history recorded",
    }),
  ),
  /** Where the weight came from; null without a weight. */
  weighing: Nullable(
    Type.Object({
      manual: Type.Boolean({ description: 'Typed by hand: printed MANUAL with its reason' }),
      manualReason: Nullable(Type.String({ description: "'no reason given' when none was recorded" })),
      scaleName: Nullable(Type.String({ description: 'The scale that weighed it or that was selected' })),
    }),
  ),
};
export type RecordWeighing = NonNullable<Static<(typeof LoadHistoryFields)['weighing']>>;

/**
 * GET /api/ticket/{id}/{hash}/haulage-record: the haulage record for anyone holding the link (the QR code a
 * driver carries): the hauling record's fields (docs/security.md, "What each public route answers"): the
 * load's source, hauler, truck, material, times, weight, the receiving site and who receives there. The
 * project, the contractor's office contact and the receiver's phone and e-mail are the signed-in record's.
 */
const publicHaulageTicket = Type.Composite([
  PublicTicketSchema,
  Type.Pick(TicketSchema, ['truckTypeId', 'truckTypeName'] as const),
]);
const publicHaulageSettings = [
  'receivingSiteName',
  'receivingSiteAddress',
  'soilQualityStatement',
  'haulageRecordReceiverName',
  'displayUnit',
] as const;

export const PublicHaulageRecordSchema = Type.Object(
  {
    ticket: publicHaulageTicket,
    setting: Type.Pick(SettingsSchema, publicHaulageSettings),
    ...LoadHistoryFields,
  },
  { $id: 'PublicHaulageRecord', additionalProperties: false },
);
export type PublicHaulageRecord = Static<typeof PublicHaulageRecordSchema>;

/** GET /api/ticket/{id}/haulage-record (signed in): the whole printed haulage record. */
export const HaulageRecordSchema = Type.Object(
  {
    ticket: Type.Composite([
      publicHaulageTicket,
      Type.Pick(TicketSchema, [
        'projectProjectId',
        'projectLeader',
        'contractorOfficeContactName',
        'contractorOfficeContactNumber',
      ] as const),
    ]),
    setting: Type.Pick(SettingsSchema, [
      ...publicHaulageSettings,
      'haulageRecordReceiverPhone',
      'haulageRecordReceiverEmail',
    ] as const),
    ...LoadHistoryFields,
  },
  { $id: 'HaulageRecord', additionalProperties: false },
);
export type HaulageRecord = Static<typeof HaulageRecordSchema>;

/** GET /api/ticket/{id}/receiving-record: what the printed receiving record shows (signed in). */
export const ReceivingRecordSchema = Type.Object(
  {
    ticket: TicketSchema,
    truckTareWeight: Nullable(
      Type.Number({ description: "KG: the ticket's truck's tare, null without one" }),
    ),
    setting: Type.Pick(SettingsSchema, [
      'receivingSiteName',
      'receivingSiteAddress',
      'defaultTareWeight',
      'displayUnit',
    ] as const),
    ...LoadHistoryFields,
  },
  { $id: 'ReceivingRecord', additionalProperties: false },
);
export type ReceivingRecord = Static<typeof ReceivingRecordSchema>;

/**
 * POST /api/project/{id}/haulage-report (beside the spec's POST /api/project/{id}/tickets, same body): the
 * haulage record report's rows, the project's delivered loads (received, not rejected) in the range, and
 * the range's tickets counted apart from its loads.
 */
export const HaulageReportSchema = Type.Object(
  {
    loads: Type.Array(TicketSchema),
    totals: ReportTotalsSchema,
  },
  { $id: 'HaulageReport', additionalProperties: false },
);
export type HaulageReport = Static<typeof HaulageReportSchema>;
