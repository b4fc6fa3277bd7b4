import { Writable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import {
  type ReportColumn,
  type ReportColumnKey,
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
import type { ReportRowView } from '@portal/projections';
import ExcelJS from 'exceljs';
import { inertText } from './inert-text';
import { ticketCountCells, ticketCountHeadings } from './report-tables';
import { roomIn } from './stream-room';

/**
 * The custom report's .xlsx as a workbook thread writes it (docs/rules.md, "Reports and exports": a header
 * block, a filter summary and the data), with exceljs' streaming writer. The API's thread reads the rows in
 * batches and hands them over one at a time (ticket-report-workbook.ts); the file goes back a piece at a
 * time, so neither side holds the whole result in memory.
 */

/** What the sheet shows above and around the rows, decided by the API's thread (it reads the filter's names). */
export interface ReportLayout {
  title: string;
  /** The 'Generated … by …' line, then the filter summary. */
  lines: string[];
  /** In reportColumns order. */
  columns: ReportColumnKey[];
  unit: DisplayUnit;
  timeZone: string;
}

/** From the API's thread: a batch of rows, then the whole result's totals (the last message). */
export type ToReportThread = { rows: ReportRowView[] } | { totals: ReportTotals };

/**
 * To the API's thread: `ready` once the thread has taken the task (rows are read only then, so a report
 * waiting for a thread holds no database connection), `caughtUp` once a batch is written and compressed,
 * the file's pieces in order, and `end` after the last one.
 */
export type FromReportThread = { ready: true } | { caughtUp: true } | { piece: Uint8Array } | { end: true };

const reportFormats = {
  day: 'yyyy-mm-dd',
  instant: 'yyyy-mm-dd hh:mm',
} as const;

const columnWidths = { text: 18, number: 14, day: 12, instant: 17, flag: 10 } as const;

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
  await roomIn(feed ?? output, output);
}

/** The messages of `port` one at a time; a closed port (the reader went away) ends the report. */
function messagesOf(port: MessagePort) {
  const waiting: ToReportThread[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  port.on('message', (message: ToReportThread) => {
    waiting.push(message);
    wake?.();
  });
  port.on('close', () => {
    closed = true;
    wake?.();
  });
  return async (): Promise<ToReportThread> => {
    for (;;) {
      const next = waiting.shift();
      if (next) return next;
      if (closed) throw new Error('report export: the reader closed the stream');
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  };
}

/** Writes the report the API's thread feeds through `port`, sending the file back through it. */
export async function writeReportSheet({ port, layout }: { port: MessagePort; layout: ReportLayout }) {
  const { unit, timeZone } = layout;
  const nextMessage = messagesOf(port);
  const send = (message: FromReportThread) => port.postMessage(message);
  const output = new Writable({
    write(piece: Buffer, _encoding, done) {
      send({ piece });
      done();
    },
  });
  port.on('close', () => output.destroy());
  send({ ready: true });

  const columns = reportColumns.filter((column) => layout.columns.includes(column.key));
  // The title, the generated line, the summary and a blank row come before the column headers.
  const headerRow = layout.lines.length + 3;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
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

  const titleRow = sheet.addRow([inertText(layout.title)]);
  titleRow.font = { bold: true, size: 14 };
  titleRow.commit();
  for (const line of [...layout.lines, '']) sheet.addRow([inertText(line)]).commit();
  const headings = sheet.addRow(labels);
  headings.font = { bold: true };
  headings.commit();

  const clock = siteClock(timeZone);
  const formats = columns.map((column) => formatOf(column, unit));
  let message = await nextMessage();
  while ('rows' in message) {
    for (const row of message.rows) {
      const added = sheet.addRow(columns.map((column) => cellOf(column, row, clock, unit)));
      formats.forEach((numFmt, index) => {
        if (numFmt) added.getCell(index + 1).numFmt = numFmt;
      });
      added.commit();
    }
    await zipCaughtUp(sheet, output);
    send({ caughtUp: true });
    message = await nextMessage();
  }

  sheet.addRow([]).commit();
  const cells = totalsCells(message.totals, unit);
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
  send({ end: true });
  port.close();
}
