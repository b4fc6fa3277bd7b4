import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  type ReportColumn,
  type ReportColumnKey,
  type ReportSort,
  type ReportTotals,
  reportColumnLabel,
  reportColumns,
} from '@portal/contract';
import {
  type DisplayUnit,
  displayUnitSymbols,
  inSpreadsheetUnit,
  paddedTicketNumber,
  spreadsheetWeightFormat,
} from '@portal/domain';
import {
  type Database,
  forEachReportBatch,
  type ReportRowView,
  reportFilterNames,
  type TicketFilter,
} from '@portal/projections';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { inertText } from './inert-text';
import { siteDateTime, ticketCountCells, ticketCountHeadings } from './report-mail';

/**
 * The custom report's .xlsx (docs/rules.md, "Reports and exports": a header block, a filter summary and the
 * data), written with exceljs' streaming writer while the rows are read in batches: the download and the
 * e-mailed export both use it, and neither holds the whole result in memory.
 */

export interface ReportWorkbookSpec {
  filter: TicketFilter;
  sort: ReportSort;
  title: string;
  /** In reportColumns order. */
  columns: ReportColumnKey[];
  /** 'First Last' of the user who asked for it. */
  generatedBy: string;
}

const rowsPerBatch = 1000;

const reportFormats = {
  day: 'yyyy-mm-dd',
  instant: 'yyyy-mm-dd hh:mm',
} as const;

const columnWidths = { text: 18, number: 14, day: 12, instant: 17, flag: 10 } as const;

const sortLabels: Record<ReportSort, string> = {
  ticketNumber: 'Ticket number',
  contractorCompanyName: 'Contractor',
};

/** `from X to Y`, `from X` or `up to Y`; null when neither is set. */
const rangeOf = <T>(from: T | null | undefined, to: T | null | undefined, shown: (value: T) => string) =>
  from != null && to != null
    ? `${shown(from)} to ${shown(to)}`
    : from != null
      ? `from ${shown(from)}`
      : to != null
        ? `up to ${shown(to)}`
        : null;

/** The filter in words, one line per filter that is set, then the sort. */
async function filterSummary(
  db: Kysely<Database>,
  filter: TicketFilter,
  sort: ReportSort,
): Promise<string[]> {
  const names = await reportFilterNames(db, filter);
  const numbers = rangeOf(filter.fromNumber, filter.toNumber, paddedTicketNumber);
  const dates = rangeOf(filter.fromDate, filter.toDate, String);
  const lines = [
    numbers && `Ticket numbers: ${numbers}`,
    dates && `Dates: ${dates}`,
    filter.contractorCompanyId != null &&
      `Contractor: ${names.contractor ?? `#${filter.contractorCompanyId}`}`,
    filter.transportCompanyId != null &&
      `Haulage company: ${names.haulageCompany ?? `#${filter.transportCompanyId}`}`,
    filter.jobSite?.trim() && `Job site contains: ${filter.jobSite.trim()}`,
    filter.projectId != null && `Project: ${names.project ?? `#${filter.projectId}`}`,
    filter.truckLicensePlate?.trim() && `License plate: ${filter.truckLicensePlate.trim()}`,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return [...(lines.length > 0 ? lines : ['No filters']), `Sorted by: ${sortLabels[sort]}`];
}

/**
 * Excel has no time zones: a Date written by exceljs shows its UTC fields. The site's wall-clock
 * time (or calendar day) is therefore written as a Date whose UTC fields are those of the site.
 */
function siteClock(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const fields = (instant: Date) => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) parts[part.type] = Number(part.value);
    return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  };
  return {
    instant(instant: Date): Date {
      const f = fields(instant);
      return new Date(Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second));
    },
    day(instant: Date): Date {
      const f = fields(instant);
      return new Date(Date.UTC(f.year, f.month - 1, f.day));
    },
  };
}

type Column = ReportColumn;

/** A row's cell; the weight (the one number column) in the site's unit. */
function cellOf(column: Column, row: ReportRowView, clock: ReturnType<typeof siteClock>, unit: DisplayUnit) {
  const value = row[column.key];
  if (column.key === 'ticketNumber') return paddedTicketNumber(row.ticketNumber);
  if (value === null) return null;
  switch (column.kind) {
    case 'day':
      return clock.day(value as Date);
    case 'instant':
      return clock.instant(value as Date);
    case 'flag':
      return value ? 'Yes' : 'No';
    case 'number':
      return inSpreadsheetUnit(value as number, unit);
    case 'text':
      return inertText(value as string);
    default: {
      const unknownKind: never = column;
      throw new Error(`unknown column kind ${JSON.stringify(unknownKind)}`);
    }
  }
}

const formatOf = (column: Column, unit: DisplayUnit): string | undefined =>
  column.kind === 'day'
    ? reportFormats.day
    : column.kind === 'instant'
      ? reportFormats.instant
      : column.kind === 'number'
        ? spreadsheetWeightFormat(unit)
        : undefined;

/**
 * The closing block, under its own headings (never under the report's columns): the tickets by what they
 * amount to and the received loads' net in the site's unit, rounded as the cell shows it.
 */
const totalsHeadings = (unit: DisplayUnit) => [
  ...ticketCountHeadings,
  `Net of received loads (${displayUnitSymbols[unit]})`,
];
const totalsCells = (totals: ReportTotals, unit: DisplayUnit) => [
  ...ticketCountCells(totals),
  inSpreadsheetUnit(totals.netKg, unit),
];

/**
 * exceljs feeds a sheet's XML to the zip through a PassThrough whose backpressure it ignores (a
 * 1,000,000-row export buffered about 400 MB there). Between batches, wait for that feed to drain,
 * or for the reader to go away (a closed download), which ends the export.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, output: Writable) {
  // exceljs keeps the feed on the sheet's own stream, unexposed: an upgrade that moves it only loses the wait.
  const feed = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  if (feed?.writableNeedDrain && !output.destroyed) {
    const done = new AbortController();
    await Promise.race([
      once(feed, 'drain', { signal: done.signal }),
      once(output, 'close', { signal: done.signal }),
    ]).finally(() => done.abort());
  }
  if (output.destroyed) throw new Error('report export: the reader closed the stream');
}

/** Writes the report to `stream`, weights in the site's `unit`, and ends it; answers the whole result's totals. */
export async function writeReportWorkbook(
  db: Kysely<Database>,
  timeZone: string,
  unit: DisplayUnit,
  spec: ReportWorkbookSpec,
  stream: Writable,
): Promise<ReportTotals> {
  const columns = reportColumns.filter((column) => spec.columns.includes(column.key));
  const generated = `Generated ${siteDateTime(timeZone, new Date())} by ${spec.generatedBy}`;
  const summary = await filterSummary(db, spec.filter, spec.sort);
  // The title, the generated line, the summary and a blank row come before the column headers.
  const headerRow = summary.length + 4;

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: headerRow }] });
  const labels = columns.map((column) => reportColumnLabel(column, unit));
  // The streaming writer writes the widths first: they fit the totals block's headings below too.
  const blockHeadings = totalsHeadings(unit);
  for (let index = 0; index < Math.max(columns.length, blockHeadings.length); index++) {
    const column = columns[index];
    sheet.getColumn(index + 1).width = Math.max(
      column ? columnWidths[column.kind] : 0,
      (labels[index]?.length ?? 0) + 2,
      (blockHeadings[index]?.length ?? 0) + 2,
    );
  }

  const titleRow = sheet.addRow([inertText(spec.title)]);
  titleRow.font = { bold: true, size: 14 };
  titleRow.commit();
  for (const line of [generated, ...summary, '']) sheet.addRow([inertText(line)]).commit();
  const headings = sheet.addRow(labels);
  headings.font = { bold: true };
  headings.commit();

  const clock = siteClock(timeZone);
  const formats = columns.map((column) => formatOf(column, unit));
  const totals = await forEachReportBatch(db, spec.filter, spec.sort, rowsPerBatch, async (rows) => {
    for (const row of rows) {
      const added = sheet.addRow(columns.map((column) => cellOf(column, row, clock, unit)));
      formats.forEach((numFmt, index) => {
        if (numFmt) added.getCell(index + 1).numFmt = numFmt;
      });
      added.commit();
    }
    await zipCaughtUp(sheet, stream);
  });

  sheet.addRow([]).commit();
  const cells = totalsCells(totals, unit);
  const blockTitle = sheet.addRow(['Totals']);
  blockTitle.font = { bold: true };
  blockTitle.commit();
  const headingsRow = sheet.addRow(blockHeadings);
  headingsRow.font = { bold: true };
  headingsRow.commit();
  const blockValues = sheet.addRow(cells);
  blockValues.getCell(cells.length).numFmt = spreadsheetWeightFormat(unit);
  blockValues.commit();
  sheet.commit();
  await workbook.commit();
  return totals;
}
