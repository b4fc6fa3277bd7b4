import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import {
  isStorableId,
  numberTooLargeMessage,
  optionalId,
  optionalNumber,
  optionalText,
  text,
} from '../catalogue/fields';
import { contactMessages } from '../contractors/contractor-contact';
import { assertValid, DomainError, type FieldErrors } from '../errors';
import { scaleMessages } from '../scales/scale-messages';
import { type EventOf, Nullable } from '../schemas';
import { defaultMaximumWeightKg } from '../settings/settings';
import { phonePattern } from '../validation';
import { weightOutOfBounds } from '../weights/weight-bounds';
import { isTareExpired } from './tare-expiry';

export const TruckDataSchema = Type.Object({
  transportCompanyId: Type.Integer(),
  driverName: Nullable(Type.String()),
  driverNumber: Nullable(Type.String()),
  number: Type.String(),
  licensePlate: Type.String(),
  /** KG; null when never tared (the default tare weight from settings applies). */
  tareWeight: Nullable(Type.Number()),
  /** When the tare was weighed or typed (ISO); optional: trucks saved before tares carried a date lack it. */
  tareWeighedAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
});
export type TruckData = Static<typeof TruckDataSchema>;

export const trucks = defineCatalogue('Truck', TruckDataSchema);

/** Plates are 7 characters; the formatted form is AA99999 (docs/rules.md, "Forms"). */
export const licensePlateMaxLength = 7;
export const formattedPlatePattern = /^[A-Z]{2}\d{5}$/;

export const truckMessages = {
  /** A ticket's truck belongs to the ticket's haulage company. */
  otherCompany: (truck: string, owner: string, company: string) =>
    `Truck ${truck} belongs to ${owner}, not to ${company}.`,
  numberRequired: 'Truck number is required',
  plateRequired: 'License plate is required',
  plateTooLong: 'License plate can be max 7 characters',
  phoneInvalid: contactMessages.phoneInvalid,
  companyRequired: contactMessages.companyRequired,
  plateTaken: (plate: string) => `License plate ${plate} already belongs to another truck.`,
  moveTargetRequired: 'Move trucks needs a target company chosen',
  movedSinceLoaded:
    'This truck was moved to another haulage company since it was loaded. Reload it and try again.',
} as const;

/**
 * Issue 34 (D2): a ticket takes the registered truck its plate names only when the truck is its haulage
 * company's (or it has none yet); another company's truck is not its own. One rule for the Receive dialog,
 * the driver's dispatch and a ticket's save.
 */
export const truckFitsCompany = (truck: { transportCompanyId: number }, companyId: number | null): boolean =>
  companyId === null || truck.transportCompanyId === companyId;

/** Plates are stored upper-cased and without surrounding spaces, so "ab12345" and "AB12345" are one plate. */
export const normalisePlate = (value: unknown): string => text(value).toUpperCase();

/** The truck's stored tare as it was before a save: a tare saved unchanged keeps its date. */
export interface StoredTare {
  tareWeight: number | null;
  tareWeighedAt?: string | null;
}

/** Whether a weigh-in may take the truck's stored tare: none stored, stored but past the site's re-tare period, or fresh. */
export type StoredTareState = 'fresh' | 'missing' | 'expired';

export function storedTareState(
  truck: StoredTare | null | undefined,
  retareEveryDays: number | null,
  now: Date,
): StoredTareState {
  if (!truck || truck.tareWeight === null) return 'missing';
  const weighedAt = truck.tareWeighedAt ?? null;
  return isTareExpired(weighedAt === null ? null : new Date(weighedAt), retareEveryDays, now)
    ? 'expired'
    : 'fresh';
}

/** What the operator is told of a truck whose stored tare is missing or expired (the API's 409 and the Scale page alike). */
export const tareNeededMessage = (
  truck: (StoredTare & { number: string }) | null | undefined,
  state: Exclude<StoredTareState, 'fresh'>,
  retareEveryDays: number | null,
): string =>
  truck && state === 'expired'
    ? scaleMessages.tareExpired(truck.number, truck.tareWeighedAt?.slice(0, 10) ?? null, retareEveryDays ?? 0)
    : scaleMessages.tareMissing(truck?.number ?? null);

/**
 * The truck's record from a form or a tare. Its tare's date is the save's (`now`) when the tare is
 * new or changed, and the previous one when the tare is saved unchanged; a tare weighed on a scale
 * passes no `previous`, so re-taring at the same weight dates it anew. A tare given lies in
 * (0, `tareLimitKg`] (issue 34, D4: see weightLimitKg); none (null) means the truck was never tared.
 */
export function validateTruck(
  companyId: unknown,
  input: {
    driverName?: unknown;
    driverNumber?: unknown;
    number?: unknown;
    licensePlate?: unknown;
    tareWeight?: unknown;
  },
  previous: StoredTare | null,
  now: Date,
  tareLimitKg: number = defaultMaximumWeightKg,
): TruckData {
  const errors: FieldErrors = {};
  const transportCompanyId = optionalId(companyId, 'transportCompanyId');
  if (transportCompanyId === null) errors.transportCompanyId = truckMessages.companyRequired;
  else if (!isStorableId(transportCompanyId)) errors.transportCompanyId = numberTooLargeMessage;
  const number = text(input.number);
  if (number === '') errors.number = truckMessages.numberRequired;
  const licensePlate = normalisePlate(input.licensePlate);
  if (licensePlate === '') errors.licensePlate = truckMessages.plateRequired;
  else if (licensePlate.length > licensePlateMaxLength) errors.licensePlate = truckMessages.plateTooLong;
  const driverNumber = optionalText(input.driverNumber);
  if (driverNumber !== null && !phonePattern.test(driverNumber))
    errors.driverNumber = truckMessages.phoneInvalid;
  const tareWeight = optionalNumber(input.tareWeight);
  const tareRefusal = tareWeight === null ? null : weightOutOfBounds(tareWeight, tareLimitKg, 'Tare weight');
  if (tareRefusal) errors.tareWeight = tareRefusal;
  assertValid(errors);
  return {
    transportCompanyId: transportCompanyId as number,
    driverName: optionalText(input.driverName),
    driverNumber,
    number,
    licensePlate,
    tareWeight,
    tareWeighedAt:
      tareWeight === null
        ? null
        : previous?.tareWeight === tareWeight
          ? (previous.tareWeighedAt ?? null)
          : now.toISOString(),
  };
}

/**
 * Moving a company's trucks to another company is one event, so the move is all or nothing.
 * It lives in its own stream per source company; the trucks read model applies it.
 */
export const TruckMoveEventSchemas = {
  TrucksMoved: Type.Object({
    fromTransportCompanyId: Type.Integer(),
    toTransportCompanyId: Type.Integer(),
    truckIds: Type.Array(Type.Integer()),
  }),
};
export type TrucksMovedEvent = EventOf<typeof TruckMoveEventSchemas>;

export const truckMovesStreamId = (fromTransportCompanyId: number): string =>
  `truck-moves-${fromTransportCompanyId}`;

export function decideMoveTrucks(command: {
  fromTransportCompanyId: number | null;
  toTransportCompanyId: number | null;
  truckIds: number[];
}): TrucksMovedEvent[] {
  const { fromTransportCompanyId, toTransportCompanyId, truckIds } = command;
  if (toTransportCompanyId === null || fromTransportCompanyId === toTransportCompanyId) {
    throw new DomainError('validation', truckMessages.moveTargetRequired, {
      toTransportCompanyId: truckMessages.moveTargetRequired,
    });
  }
  if (fromTransportCompanyId === null || truckIds.length === 0) return [];
  return [{ type: 'TrucksMoved', data: { fromTransportCompanyId, toTransportCompanyId, truckIds } }];
}
