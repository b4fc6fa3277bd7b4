import type { Writable } from 'node:stream';
import type { ReportColumnKey, ReportSort, ReportTotals } from '@portal/contract';
import { type DisplayUnit, paddedTicketNumber } from '@portal/domain';
import { type Database, forEachReportBatch, reportFilterNames, type TicketFilter } from '@portal/projections';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../plugins/infrastructure';
import { siteDateTime } from './report-tables';

/**
 * The custom report's .xlsx (docs/rules.md, "Reports and exports": a header block, a filter summary and the
 * data; report-sheet.ts writes it): the download and the e-mailed export both use it, and neither holds the
 * whole result in memory.
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

/**
 * The API's thread parses each batch (pg) and copies it to the workbook thread in one go: a thousand rows
 * held the event loop for about 40 ms at a time, a quarter of that for about 10 ms.
 */
const rowsPerBatch = 250;

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
 * Writes the report to `stream`, weights in the site's `unit`, and ends it; answers the whole result's
 * totals. A workbook thread builds the file while the rows are read here in batches (report-sheet.ts).
 */
export async function writeReportWorkbook(
  infra: Pick<Infrastructure, 'db' | 'workbooks'>,
  timeZone: string,
  unit: DisplayUnit,
  spec: ReportWorkbookSpec,
  stream: Writable,
): Promise<ReportTotals> {
  const generated = `Generated ${siteDateTime(timeZone, new Date())} by ${spec.generatedBy}`;
  const summary = await filterSummary(infra.db, spec.filter, spec.sort);
  const layout = { title: spec.title, lines: [generated, ...summary], columns: spec.columns, unit, timeZone };
  return infra.workbooks.report(layout, stream, (write) =>
    forEachReportBatch(infra.db, spec.filter, spec.sort, rowsPerBatch, write),
  );
}
