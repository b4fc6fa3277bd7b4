import type { Truck as ContractTruck } from '@portal/contract';
import { licensePlateMaxLength } from '@portal/domain';
import type { Identifier, RaRecord } from 'react-admin';
import { text } from '../common/form-values';

/** A truck as `POST /api/truck/all` and `GET /api/truck/{id}` return it. */
export type Truck = ContractTruck & RaRecord;

/** The truck form sits under its company's path; 'new' adds a truck to that company. */
export const truckPath = (truckId: Identifier | 'new', companyId: Identifier) =>
  `/trucks/${truckId}/transport-company/${companyId}`;

/** What the plate field keeps of each keystroke: upper case, never more than 7 characters. */
export const normalisePlateInput = (value: string): string =>
  value.toUpperCase().slice(0, licensePlateMaxLength);

const tareWeight = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/**
 * A truck's own fields; `/api/truck/new` and `/edit` take them inside {truck: {...}} (see the resource's
 * envelope). The form-only "Formatted" switch is left behind.
 */
export const toTruckPayload = (data: Record<string, unknown>) => ({
  transportCompanyId: Number(data.transportCompanyId),
  number: text(data.number),
  licensePlate: text(data.licensePlate).toUpperCase(),
  driverName: text(data.driverName) || null,
  driverNumber: text(data.driverNumber) || null,
  tareWeight: tareWeight(data.tareWeight),
});

export const truckEnvelope = (truck: Record<string, unknown>) => ({ truck });
