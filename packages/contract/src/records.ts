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

/** GET and POST /api/ticket/{id}/{hash}/dispatch: the load, and the haulage companies to choose from. */
export const DispatchViewSchema = Type.Object(
  {
    ticket: Type.Pick(TicketSchema, [
      'id',
      'prefix',
      'ticketNumber',
      'jobSite',
      'timeLoaded',
      'transportCompanyId',
      'truckNumber',
      'truckLicensePlate',
      'truckDriverName',
      'truckDriverNumber',
      'isDispatched',
      'isReceived',
      'isSoilFLOLoad',
    ] as const),
    transportCompanies: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
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

/** GET /api/ticket/{id}/{hash}/haulage-record: what the printed haulage record shows. */
export const HaulageRecordSchema = Type.Object(
  {
    // What the printed ticket shows, and the project, office contact and truck type a haulage record adds.
    ticket: Type.Composite([
      PublicTicketSchema,
      Type.Pick(TicketSchema, [
        'projectProjectId',
        'projectLeader',
        'contractorOfficeContactName',
        'contractorOfficeContactNumber',
        'truckTypeId',
        'truckTypeName',
      ] as const),
    ]),
    setting: Type.Pick(SettingsSchema, [
      'receivingSiteName',
      'receivingSiteAddress',
      'soilQualityStatement',
      'haulageRecordReceiverName',
      'haulageRecordReceiverPhone',
      'haulageRecordReceiverEmail',
      'displayUnit',
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
