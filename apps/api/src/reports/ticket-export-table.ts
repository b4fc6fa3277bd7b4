import { countOf, type DisplayUnit, displayUnitSymbols, paddedTicketNumber } from '@portal/domain';
import type { ExportTicket } from '@portal/projections';
import { siteDateTime, type Table, tonnesOf } from './report-tables';

/** The ticket export's sheet (ticket-export.ts), built in a workbook thread (workbook-thread.ts). */

export interface ExportParams {
  from: number;
  to: number;
  /** The prefix current when the export was asked for. */
  prefix: number;
  email: string;
}

/**
 * The two weight columns: a KG site's are the spec's (net in kg and in tonnes); another site's are its
 * unit, as its screens show it, and the KG the ticket recorded. Both hold KG: the table converts the first.
 */
const weightColumns = (unit: DisplayUnit) =>
  unit === 'kg'
    ? { headers: ['Net weight (kg)', 'Net (t)'], values: (kg: number) => [kg, tonnesOf(kg)] }
    : {
        headers: [`Net weight (${displayUnitSymbols[unit]})`, 'Net weight as recorded (kg)'],
        values: (kg: number) => [kg, kg],
      };

/** The export's columns on a site that shows weights in `unit`. */
export const exportColumns = (unit: DisplayUnit) => [
  'Ticket',
  'Date',
  'Contractor',
  'Project',
  'Job site',
  'Haulage company',
  'Truck',
  'Plate',
  'Driver',
  'Time loaded',
  'Time received',
  'Material',
  'Material type',
  ...weightColumns(unit).headers,
  'Status',
];

const statusOf = (ticket: ExportTicket): string =>
  ticket.isRejected
    ? 'Rejected'
    : ticket.isReceived
      ? 'Received'
      : ticket.isDispatched
        ? 'Dispatched'
        : ticket.timeLoaded
          ? 'Loaded'
          : 'Generated';

/** The export as a table: one row per ticket, then the total net weight of the tickets that have one. */
export function exportTable(
  tickets: ExportTicket[],
  params: ExportParams,
  timeZone: string,
  unit: DisplayUnit,
): Table {
  const totalKg = Math.round(tickets.reduce((sum, ticket) => sum + (ticket.weightKg ?? 0), 0) * 100) / 100;
  const headers = exportColumns(unit);
  const weights = weightColumns(unit);
  const weightColumn = headers.indexOf(weights.headers[0] as string);
  return {
    title: `Tickets ${paddedTicketNumber(params.from)} to ${paddedTicketNumber(params.to)} (prefix ${params.prefix})`,
    headers,
    rows: tickets.map((ticket) => [
      paddedTicketNumber(ticket.ticketNumber),
      siteDateTime(timeZone, ticket.date).slice(0, 10),
      ticket.contractor ?? '',
      ticket.project ?? '',
      ticket.jobSite ?? '',
      ticket.haulageCompany ?? '',
      ticket.truckNumber ?? '',
      ticket.truckLicensePlate ?? '',
      ticket.truckDriverName ?? '',
      siteDateTime(timeZone, ticket.timeLoaded),
      siteDateTime(timeZone, ticket.timeReceived),
      ticket.material ?? '',
      ticket.materialType ?? '',
      ...(ticket.weightKg === null ? ['', ''] : weights.values(ticket.weightKg)),
      statusOf(ticket),
    ]),
    footer: [
      `Total: ${countOf(tickets.length, 'ticket')}`,
      ...Array(weightColumn - 1).fill(''),
      ...weights.values(totalKg),
      '',
    ],
    // The net in the site's unit as a sheet shows it (whole KG or pounds, tonnes and short tons to 2
    // decimals); beside it a KG site's tonnes, or the KG another site's ticket recorded, to 2 decimals.
    siteUnitColumns: { unit, columns: [weightColumn] },
    tonnesColumns: [weightColumn + 1],
  };
}
