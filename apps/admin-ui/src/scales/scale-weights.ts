import type { Ticket } from '@portal/contract';
import { displayTicketNumber, netWeight } from '@portal/domain';
import { formatWeight } from '../i18n/weights';

/** The Scale page's live refresh while weighing. */
export const scaleRefreshMs = 1000;

export type ScaleMode = 'weighIn' | 'tare';

/**
 * Net = scale weight − tare (the truck's, or the default tare when it has
 * none), 2 decimals; gross = net + tare. All KG.
 */
export function weighInFigures(
  scaleWeight: number | null,
  truckTare: number | null,
  defaultTare: number,
): { tare: number; net: number | null; gross: number | null } {
  const tare = truckTare ?? defaultTare;
  if (scaleWeight === null) return { tare, net: null, gross: null };
  const net = netWeight(scaleWeight, tare);
  return { tare, net, gross: Math.round((net + tare) * 100) / 100 };
}

/** '[0] 000123 · AB12345': how a ticket is offered in the Scale page's pickers; '· 2nd pass' when it holds a first weight. */
export const ticketChoiceLabel = (
  ticket: Pick<Ticket, 'prefix' | 'ticketNumber' | 'truckLicensePlate'> & { firstWeight?: number | null },
) =>
  [displayTicketNumber(ticket), ticket.truckLicensePlate, ticket.firstWeight != null ? '2nd pass' : null]
    .filter(Boolean)
    .join(' · ');

/** A ticket is found by any part of its number or its licence plate, in any case. */
export function ticketMatches(
  ticket: Pick<Ticket, 'prefix' | 'ticketNumber' | 'truckLicensePlate'>,
  search: string,
): boolean {
  const wanted = search.trim().toUpperCase();
  if (wanted === '') return true;
  return (
    ticketChoiceLabel(ticket).toUpperCase().includes(wanted) || String(ticket.ticketNumber).includes(wanted)
  );
}

/** A weight as the portal writes it (en-ZA, up to 2 decimals), or a dash before there is one. */
export const formatKg = (weight: number | null): string => (weight === null ? '—' : formatWeight(weight));
