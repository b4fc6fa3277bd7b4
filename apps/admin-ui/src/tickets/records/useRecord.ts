import type { Settings, Ticket, Truck } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../dataProvider/http-client';
import { currentSession } from '../../session';

/** The receiving site's texts, which GET /api/setting answers only once the server has them. */
type ReceivingSite = Partial<Record<'receivingSiteName' | 'receivingSiteAddress', string | null>>;

export interface PrintedRecord {
  ticket: Ticket;
  settings: Settings & ReceivingSite;
  /** The public-link hash, when the page prints links. */
  hash: string | null;
  /** The ticket's truck, when the page prints its tare. */
  truck: Truck | null;
}

async function loadRecord(id: string, needs: { hash: boolean; truck: boolean }): Promise<PrintedRecord> {
  const params = { id: Number(id) };
  const [ticket, settings, linkHash] = await Promise.all([
    call(endpoints.getTicketById, { params }),
    call(endpoints.getSetting, {}),
    needs.hash ? call(endpoints.getTicketByIdHash, { params }) : null,
  ]);
  const truck =
    needs.truck && ticket.truckId !== null
      ? await call(endpoints.truckCatalogue.read, { params: { id: ticket.truckId } })
      : null;
  return { ticket, settings, hash: linkHash?.hash ?? null, truck };
}

/**
 * Everything a printed page of the ticket shows, loaded once: no refetch when the print dialog hands the
 * focus back, so what was printed stays on screen.
 */
export const useRecord = (id: string, needs: { hash: boolean; truck: boolean }) =>
  useQuery({
    queryKey: ['records', id, needs],
    queryFn: () => loadRecord(id, needs),
    enabled: currentSession() !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
