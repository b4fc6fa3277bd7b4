import { countOf } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { escapeLike } from './ticket-search';

type TicketReference =
  | 'contractorCompanyId'
  | 'transportCompanyId'
  | 'truckId'
  | 'projectId'
  | 'materialId'
  | 'materialTypeId'
  | 'contractorOfficeContactId';

/** "3 tickets" when tickets still refer to the record (delete-in-use messages), else nothing. */
export async function ticketReferences(
  db: Kysely<Database>,
  column: TicketReference,
  id: number,
): Promise<string[]> {
  const { count } = await db
    .selectFrom('tickets')
    .select(sql<number>`count(*)::int`.as('count'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return count > 0 ? [countOf(count, 'ticket')] : [];
}

/**
 * Issue 34 (D21): the open dispatches (dispatched, neither received nor rejected) of a truck, by its record
 * or its plate, for the domain's otherOpenDispatchesOfTruck to judge. The plate is matched as the trigram
 * index on upper(truck_license_plate) serves it.
 */
export const openDispatchesOfTruck = (
  db: Kysely<Database>,
  truck: { truckId: number | null; truckLicensePlate: string | null },
) => {
  const plate = truck.truckLicensePlate?.trim() ?? '';
  if (truck.truckId === null && plate === '') return Promise.resolve([]);
  return db
    .selectFrom('tickets')
    .select([
      'id',
      'prefix',
      'ticketNumber',
      'truckId',
      'truckLicensePlate',
      'isDispatched',
      'isReceived',
      'isRejected',
    ])
    .where('isDispatched', '=', true)
    .where('isReceived', '=', false)
    .where('isRejected', '=', false)
    .where((eb) =>
      eb.or([
        ...(truck.truckId === null ? [] : [eb('truckId', '=', truck.truckId)]),
        ...(plate === ''
          ? []
          : [eb(sql`upper(truck_license_plate)`, 'like', escapeLike(plate.toUpperCase()))]),
      ]),
    )
    .orderBy('ticketNumber')
    .limit(100)
    .execute();
};
