import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { SettingsSchema } from './settings';
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
  },
  { $id: 'HaulageRecord', additionalProperties: false },
);
export type HaulageRecord = Static<typeof HaulageRecordSchema>;
