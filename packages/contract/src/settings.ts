import { displayUnits, Nullable, OneOf } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Versioned } from './http';

/** The site's settings as GET /api/setting answers them and PUT /api/setting takes them. */
export const SettingsSchema = Type.Object(
  {
    ...Versioned,
    currentPrefix: Type.Integer(),
    defaultTareWeight: Type.Number({ description: 'KG, used when a truck has no tare weight' }),
    haulageRecordReceiverName: Nullable(Type.String()),
    haulageRecordReceiverPhone: Nullable(Type.String()),
    haulageRecordReceiverEmail: Nullable(Type.String()),
    receivingSiteName: Type.String({
      description: 'Printed on every record; a default until the site writes its own',
    }),
    receivingSiteAddress: Nullable(Type.String({ description: 'Printed on every record' })),
    soilQualityStatement: Type.String({
      description: "The haulage record's soil-quality statement; a default until set",
    }),
    retareEveryDays: Nullable(
      Type.Integer({
        minimum: 1,
        description: "Re-tare every N days: a truck's stored tare older than this is expired; null: never",
      }),
    ),
    maximumWeightKg: Type.Integer({
      minimum: 1,
      description:
        'KG. The heaviest weight a ticket, truck tare or by-hand weighing may carry where no scale capacity applies; default 100000',
    }),
    hashQrAboveTicketId: Type.Integer({
      minimum: 0,
      description:
        "Tickets with an id above this put their hash link in the digital ticket's QR codes. The spec's 10015 (the legacy numbering) by default; a new site sets 0",
    }),
    displayUnit: OneOf(displayUnits, {
      description:
        'The unit the UI shows, prints and exports weights in (t: metric tonne, ton: short ton of 2,000 lb). Display only: every weight the API takes and answers stays in KG, as the spec has it',
    }),
  },
  { $id: 'Settings' },
);
export type Settings = Static<typeof SettingsSchema>;
