import { defaultReportTitle } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  chartBody,
  emptyReportForm,
  exportBody,
  reportFilterOf,
  reportRequestOf,
  reportTicketNumberError,
  tableBody,
} from './report-form';

describe('the report form', () => {
  // The rule itself (digits only, or blank) is ticketNumberFilter's, tested in common/validation.
  it("says 'Ticket number must be a number' for anything but digits, and nothing when blank", () => {
    expect(reportTicketNumberError('12a')).toBe('portal.reports.ticketNotNumber');
    expect(reportTicketNumberError('')).toBeUndefined();
  });

  it('leaves a blank filter out entirely', () => {
    expect(reportFilterOf(emptyReportForm)).toEqual({});
  });

  it('sends numbers, ids, YYYY-MM-DD days and a capitalised plate, trimmed', () => {
    expect(
      reportFilterOf({
        from: ' 10 ',
        to: '20',
        fromDate: '2026-11-01T00:00:00.000Z',
        toDate: '2026-11-23',
        contractorCompanyId: '4',
        transportCompanyId: 7,
        jobSite: '  Main Rd ',
        projectId: 0,
        truckLicensePlate: 'abc123 ',
      }),
    ).toEqual({
      from: 10,
      to: 20,
      fromDate: '2026-11-01',
      toDate: '2026-11-23',
      contractorCompanyId: 4,
      transportCompanyId: 7,
      jobSite: 'Main Rd',
      truckLicensePlate: 'ABC123',
    });
  });

  it('gives the table, the export and the chart the same filter', () => {
    const request = reportRequestOf({
      ...emptyReportForm,
      from: '5',
      title: ' ',
      sort: 'contractorCompanyName',
    });
    expect(request.title).toBe(defaultReportTitle);
    expect(tableBody(request, 2, 100)).toEqual({
      from: 5,
      sort: 'contractorCompanyName',
      page: 2,
      perPage: 100,
    });
    expect(exportBody(request, ['ticketNumber', 'weight'])).toEqual({
      from: 5,
      sort: 'contractorCompanyName',
      title: defaultReportTitle,
      columns: ['ticketNumber', 'weight'],
    });
    expect(exportBody(request, ['ticketNumber'], ' me@example.com ').email).toBe('me@example.com');
    expect(chartBody(request, 'material')).toEqual({ from: 5, stackBy: 'material' });
  });
});
