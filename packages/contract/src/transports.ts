import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { LooseRecord, Versioned } from './http';

/** A transport company as `/new` and `/edit` answer it. */
export const TransportCompanySchema = Type.Object(
  { ...Versioned, name: Type.String() },
  { $id: 'TransportCompany' },
);

/** GET /api/transportcompany/all: each company with how many trucks it has. */
export const TransportCompanyListItemSchema = Type.Object({
  ...Versioned,
  name: Type.String(),
  truckCount: Type.Integer(),
});
export type TransportCompanyListItem = Static<typeof TransportCompanyListItemSchema>;

/** A transport company's contact, with its company's name. */
export const TransportContactSchema = Type.Object(
  {
    ...Versioned,
    transportCompanyId: Type.Integer(),
    transportCompanyName: Type.String(),
    name: Type.String(),
    number: Type.String(),
  },
  { $id: 'TransportContact' },
);
export type TransportContact = Static<typeof TransportContactSchema>;

/** A truck, with its company's name. */
export const TruckSchema = Type.Object(
  {
    ...Versioned,
    transportCompanyId: Type.Integer(),
    transportCompanyName: Type.String(),
    driverName: Nullable(Type.String()),
    driverNumber: Nullable(Type.String()),
    number: Type.String(),
    licensePlate: Type.String(),
    tareWeight: Nullable(
      Type.Number({
        description: 'KG; null when never tared (the default tare weight from the settings applies)',
      }),
    ),
    tareWeighedAt: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the stored tare was weighed or typed; null when never tared, or tared before tares carried a date (a site that re-tares every N days treats that tare as expired)',
      }),
    ),
  },
  { $id: 'Truck' },
);
export type Truck = Static<typeof TruckSchema>;

/** A transport company with its contacts and trucks, as its page shows it. */
export const TransportCompanyDetailsSchema = Type.Object(
  {
    ...Versioned,
    name: Type.String(),
    contacts: Type.Array(TransportContactSchema),
    trucks: Type.Array(TruckSchema),
  },
  { $id: 'TransportCompanyDetails' },
);

/** The envelope of contacts, trucks and their lists: {transportCompanyId, truck, transportContact}. */
export const TransportEnvelope = Type.Object({
  transportCompanyId: Type.Optional(Type.Unknown()),
  truck: Type.Optional(LooseRecord),
  transportContact: Type.Optional(LooseRecord),
});
