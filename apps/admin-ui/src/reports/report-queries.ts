import type { ReportChartBody, ReportTableBody } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';

const REPORTS_KEY = 'reports';

export const reportTableQuery = (body: ReportTableBody) => ({
  queryKey: [REPORTS_KEY, 'table', body],
  queryFn: () => call(endpoints.postTicketReportTable, { body }),
});

/** POST /api/ticket/report/table, once the report has been run; the last page stays on screen while the next loads. */
export function useReportTable(body: ReportTableBody | null) {
  return useQuery({
    ...reportTableQuery(body ?? {}),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A 400 is the filter's fault: asking again would not help.
    retry: false,
  });
}

/** POST /api/ticket/report/chart, from the same filter as the table. */
export function useReportChart(body: ReportChartBody | null) {
  return useQuery({
    queryKey: [REPORTS_KEY, 'chart', body],
    queryFn: () => call(endpoints.postTicketReportChart, { body: body ?? {} }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
