import type { TicketCounts } from '@portal/contract';
import {
  type DisplayUnit,
  dateTimeToMinuteParts,
  displayUnitSymbols,
  formatWeight,
  inSpreadsheetUnit,
  spreadsheetWeightFormat,
} from '@portal/domain';
import type ExcelJS from 'exceljs';
import { inertCell } from './inert-text';

/**
 * What every report shares and its workbook threads (workbook-thread.ts) need: ticket counts, weights, the
 * site's clock and tables. Nothing here reaches a database or a queue, so a thread loads it cheaply.
 */

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Tickets and what they amount to, in words: '60 tickets: 4 received loads, 2 rejected, 4 loaded and
 * not received yet, 50 unused (never loaded)'. Loads are received loads only, never tickets.
 */
export const ticketCountsInWords = (counts: TicketCounts): string =>
  `${counted(counts.tickets, 'ticket', 'tickets')}: ${counted(counts.receivedLoads, 'received load', 'received loads')}, ${counts.rejected} rejected, ${counts.notReceived} loaded and not received yet, ${counts.unused} unused (never loaded)`;

/** The headings of TicketCounts' columns in a mailed table or a sheet, in TicketCounts' order. */
export const ticketCountHeadings = [
  'Tickets',
  'Received loads',
  'Rejected',
  'Loaded, not received',
  'Unused (never loaded)',
];
export const ticketCountCells = (counts: TicketCounts): number[] => [
  counts.tickets,
  counts.receivedLoads,
  counts.rejected,
  counts.notReceived,
  counts.unused,
];

/** Weights are KG; tonnes = kg / 1000 to 2 decimals (docs/rules.md, "Weights"). */
export const tonnesOf = (kg: number): number => Math.round(kg / 10) / 100;

export const twoDecimals = (value: number): string => value.toFixed(2);

/**
 * A mailed report's net weights: a KG site's are the spec's tonnes (a t site's are the same); a lb or ton
 * site's are in its own unit, as its screens show them, kept as KG in the table and converted where written.
 */
export function netColumnOf(unit: DisplayUnit) {
  const inTonnes = unit === 'kg' || unit === 't';
  return {
    inTonnes,
    header: `Net (${displayUnitSymbols[inTonnes ? 't' : unit]})`,
    /** A KG weight as the column's cell. */
    cell: (kg: number): number => (inTonnes ? tonnesOf(kg) : kg),
    /** How a table shows its columns at `indexes` that hold such cells. */
    shownAt: (indexes: number[]): Pick<Table, 'tonnesColumns' | 'siteUnitColumns'> =>
      inTonnes ? { tonnesColumns: indexes } : { siteUnitColumns: { unit, columns: indexes } },
    /** '62.56 t', '137 910 lb'. */
    amount: (kg: number): string => (inTonnes ? `${twoDecimals(tonnesOf(kg))} t` : formatWeight(kg, unit)),
    /** '62.56 net tonnes', '137 910 lb net'. */
    inWords: (kg: number): string =>
      inTonnes ? `${twoDecimals(tonnesOf(kg))} net tonnes` : `${formatWeight(kg, unit)} net`,
  };
}

/** One formatter per time zone: making one costs far more than using it, and an export formats thousands of times. */
const siteClocks = new Map<string, Intl.DateTimeFormat>();

/** An instant as the site's clock shows it: 'YYYY-MM-DD HH:mm' in SITE_TIMEZONE. */
export function siteDateTime(timeZone: string, instant: Date | null): string {
  if (!instant) return '';
  let clock = siteClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, ...dateTimeToMinuteParts });
    siteClocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export type Cell = string | number;

export interface Table {
  title: string;
  headers: string[];
  rows: Cell[][];
  /** A bold closing row, e.g. the totals. */
  footer?: Cell[];
  /** Columns (by index) holding tonnes, shown with 2 decimals. */
  tonnesColumns?: number[];
  /** Columns (by index) holding KG, written in a lb or ton site's unit (see netColumnOf). */
  siteUnitColumns?: { unit: DisplayUnit; columns: number[] };
}

/** A cell as a sheet holds it: a site unit column's KG converted to that unit, a text made inert. */
const sheetCell = (table: Table, value: Cell, column: number): Cell =>
  typeof value === 'number' && table.siteUnitColumns?.columns.includes(column)
    ? inSpreadsheetUnit(value, table.siteUnitColumns.unit)
    : inertCell(value);

/** A sheet: headers in row 1 (bold, frozen), then the rows, then the footer in bold. */
export function addTableSheet(workbook: ExcelJS.Workbook, name: string, table: Table): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.headers).font = { bold: true };
  const inSheet = (row: Cell[]) => row.map((value, column) => sheetCell(table, value, column));
  for (const row of table.rows) sheet.addRow(inSheet(row));
  if (table.footer) sheet.addRow(inSheet(table.footer)).font = { bold: true };
  table.headers.forEach((header, index) => {
    const column = sheet.getColumn(index + 1);
    const longest = Math.max(header.length, ...table.rows.map((row) => String(row[index] ?? '').length));
    column.width = Math.min(Math.max(longest + 2, 10), 40);
    if (table.tonnesColumns?.includes(index)) column.numFmt = '#,##0.00';
    if (table.siteUnitColumns?.columns.includes(index))
      column.numFmt = spreadsheetWeightFormat(table.siteUnitColumns.unit);
  });
  return sheet;
}
