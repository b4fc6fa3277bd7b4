import { endpoints, type Truck } from '@portal/contract';
import type { clientOverHttp } from './http-client';

/**
 * Generates ticket `ticketNumber` and loads it on `truck` now (its company, number and plate), ready to weigh;
 * answers the numbers generated and the ticket as generated.
 */
export async function ticketLoadedOnTruck(
  call: ReturnType<typeof clientOverHttp>,
  ticketNumber: number,
  truck: Truck,
) {
  const generated = await call(endpoints.postTicketGenerate, {
    body: { from: ticketNumber, to: ticketNumber },
  });
  const [ticket] = await call(endpoints.postTicketSearch, { body: { ticketNumber: String(ticketNumber) } });
  if (!ticket) throw new Error(`no ticket ${ticketNumber}`);
  await call(endpoints.putTicketEditShort, {
    body: {
      ticket: {
        id: ticket.id,
        transportCompanyId: truck.transportCompanyId,
        truckId: truck.id,
        truckNumber: truck.number,
        truckLicensePlate: truck.licensePlate,
        timeLoaded: new Date().toISOString(),
      },
    },
  });
  return { generated: generated.tickets, ticket };
}
