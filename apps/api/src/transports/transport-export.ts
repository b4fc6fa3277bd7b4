import {
  type DisplayUnit,
  displayUnitSymbols,
  inSpreadsheetUnit,
  spreadsheetWeightFormat,
} from '@portal/domain';
import type { TruckView } from '@portal/projections';
import ExcelJS from 'exceljs';
import { inertText } from '../reports/inert-text';

/** The transport export's columns, in order, each headed by words rather than its key. */
const transportExportColumns = [
  { key: 'transportCompanyName', header: 'Haulage company' },
  { key: 'truckNumber', header: 'Truck number' },
  { key: 'licensePlate', header: 'License plate' },
  { key: 'driverName', header: 'Driver name' },
  { key: 'driverNumber', header: 'Driver number' },
  { key: 'tareWeight', header: 'Tare weight' },
] as const;

export const transportExportFileName = (date: string) => `transport-company-export-${date}.xlsx`;

/** A column's header; the tare's names the site's unit. */
const headerOf = ({ key, header }: (typeof transportExportColumns)[number], unit: DisplayUnit) =>
  key === 'tareWeight' ? `${header} (${displayUnitSymbols[unit]})` : header;

/**
 * One row per truck, grouped by company, each group closed by a total row (trucks and tare
 * weight), and an overall total at the end, tares in the site's `unit`. `trucks` must be ordered
 * by company.
 */
export async function buildTransportExport(trucks: TruckView[], unit: DisplayUnit): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Transport companies');
  const tareOf = (kg: number | null) => (kg === null ? null : inSpreadsheetUnit(kg, unit));
  sheet.columns = transportExportColumns.map((column) => ({
    header: headerOf(column, unit),
    key: column.key,
    width: column.key === 'transportCompanyName' ? 32 : 16,
  }));
  sheet.getRow(1).font = { bold: true };

  const addTotal = (label: string, count: number, tare: number) => {
    const row = sheet.addRow({
      transportCompanyName: label,
      truckNumber: `${count} truck${count === 1 ? '' : 's'}`,
      tareWeight: tareOf(tare),
    });
    row.font = { bold: true };
  };
  const groups = new Map<string, TruckView[]>();
  for (const truck of trucks) {
    const group = groups.get(truck.transportCompanyName) ?? [];
    group.push(truck);
    groups.set(truck.transportCompanyName, group);
  }
  for (const [company, group] of groups) {
    for (const truck of group) {
      sheet.addRow({
        transportCompanyName: inertText(company),
        truckNumber: inertText(truck.number),
        licensePlate: inertText(truck.licensePlate),
        driverName: inertText(truck.driverName ?? ''),
        driverNumber: inertText(truck.driverNumber ?? ''),
        tareWeight: tareOf(truck.tareWeight),
      });
    }
    addTotal(`Total ${company}`, group.length, sumTare(group));
  }
  addTotal('Total', trucks.length, sumTare(trucks));
  sheet.getColumn('tareWeight').numFmt = spreadsheetWeightFormat(unit);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const sumTare = (trucks: TruckView[]): number =>
  Math.round(trucks.reduce((sum, t) => sum + (t.tareWeight ?? 0), 0) * 100) / 100;
