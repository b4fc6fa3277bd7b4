import type { DisplayUnit } from '@portal/domain';
import type { ExportTicket, TruckView } from '@portal/projections';
import ExcelJS from 'exceljs';
import Piscina from 'piscina';
import { buildTransportExport } from '../transports/transport-export';
import { addTableSheet, type Table } from './report-tables';
import { type ExportParams, exportTable } from './ticket-export-table';

/**
 * What a workbook thread (workbook-threads.ts) runs: every workbook the portal builds, so that building
 * one (seconds of a core for thousands of rows) never holds up the API's event loop. Each task is named
 * by its function; a finished file goes back moved, not copied.
 */

/** A copy of `content` on a buffer of its own: Node's small buffers share one, which must not be moved. */
const movedFile = (content: ArrayBuffer | Uint8Array) => Piscina.move(new Uint8Array(content));

/** A workbook of one sheet per table, in order. */
export async function tablesWorkbook(sheets: { name: string; table: Table }[]) {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const { name, table } of sheets) addTableSheet(workbook, name, table);
  return movedFile(await workbook.xlsx.writeBuffer());
}

/** The ticket export: its table is made here too, since formatting ten thousand tickets takes a while. */
export function ticketExportWorkbook(task: {
  tickets: ExportTicket[];
  params: ExportParams;
  timeZone: string;
  unit: DisplayUnit;
}) {
  const table = exportTable(task.tickets, task.params, task.timeZone, task.unit);
  return tablesWorkbook([{ name: 'Tickets', table }]);
}

export async function transportWorkbook(task: { trucks: TruckView[]; unit: DisplayUnit }) {
  return movedFile(await buildTransportExport(task.trucks, task.unit));
}

export { writeReportSheet } from './report-sheet';
