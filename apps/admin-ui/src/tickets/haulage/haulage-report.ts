import type { Ticket } from '@portal/contract';
import { truckTypeVolumesM3 } from '@portal/domain';

/** The report route prints itself after about 1 second. */
export const reportPrintDelayMs = 1000;

/** What the Haulage Record Report dialog asks: ticket numbers and days, each optional. */
export interface HaulageReportRange {
  from: string;
  to: string;
  fromDate: string;
  toDate: string;
}

/** A ticket number in the dialog must be a number. */
export const reportRangeError = (value: string): string | undefined =>
  value.trim() === '' || /^\d+$/.test(value.trim()) ? undefined : 'Ticket number must be a number';

/** /report/haulage-record/{projectId}?from&to&fromDate&toDate, with only the parts given. */
export function haulageReportPath(projectId: number, range: HaulageReportRange): string {
  const query = new URLSearchParams(
    Object.entries(range).filter(([, value]) => value.trim() !== '') as [string, string][],
  );
  const search = query.toString();
  return `/report/haulage-record/${projectId}${search ? `?${search}` : ''}`;
}

/** The nominal volume a ticket's truck carries (Triaxle 10 m3, Trailer 40 m3), or 0 when the type is unknown. */
export const volumeOf = (ticket: Pick<Ticket, 'truckTypeId'>): number =>
  ticket.truckTypeId === null ? 0 : (truckTypeVolumesM3[ticket.truckTypeId] ?? 0);

/** The loads' trucks' nominal volume, m3. */
export const totalVolumeM3 = (loads: readonly Pick<Ticket, 'truckTypeId'>[]): number =>
  loads.reduce((sum, load) => sum + volumeOf(load), 0);
