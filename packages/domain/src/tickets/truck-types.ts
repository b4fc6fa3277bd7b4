/** Truck types: 1 Triaxle, 2 Trailer. */
export const TruckType = { Triaxle: 1, Trailer: 2 } as const;
export const truckTypeNames: Record<number, string> = { 1: 'Triaxle', 2: 'Trailer' };
/** Each truck type's nominal load volume, m3. */
export const truckTypeVolumesM3: Record<number, number> = { 1: 10, 2: 40 };
