import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { HaulageReport, Project } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useAuthenticated, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useNotifyLoadError } from '../../common/useNotifyLoadError';
import { call } from '../../dataProvider/http-client';
import { TicketCounts } from '../../reports/TicketCounts';
import { useSiteWeights } from '../../settings/site-settings';
import { displayInstant } from '../dashboard/dashboard-ticket';
import { PrintPage, PrintState } from '../records/PrintFrame';
import { printedNet } from '../records/record-weights';
import { usePrintOnce } from '../records/usePrintOnce';
import { reportPrintDelayMs, totalVolumeM3, volumeOf } from './haulage-report';

const rangeKeys = ['from', 'to', 'fromDate', 'toDate'] as const;

/** The project and POST /api/project/{id}/haulage-report: its received loads in the range, and the range's totals. */
function useHaulageReport(projectId: string, range: Record<string, string>) {
  const params = { id: Number(projectId) };
  return useQuery({
    queryKey: ['haulage-report', projectId, range],
    queryFn: async () => {
      const [project, report] = await Promise.all([
        call(endpoints.projectCatalogue.read, { params }),
        call(endpoints.postProjectByIdHaulageReport, { params, body: range }),
      ]);
      return { project, ...report };
    },
    retry: false,
  });
}

const ReportGrid = ({ project, loads, totals }: { project: Project } & HaulageReport) => {
  const translate = useTranslate();
  usePrintOnce(reportPrintDelayMs);
  const { unit, symbol } = useSiteWeights();
  const totalNet = printedNet(totals.netKg, unit);
  const c = (key: string) => translate(`portal.haulage.report.columns.${key}`);
  // A KG site's weight columns are the spec's (KG, tonnes); another's are its unit and the KG recorded.
  const weightHeadings =
    unit === 'kg'
      ? [c('netKg'), c('tonnes')]
      : [translate('portal.haulage.report.columns.netInUnit', { unit: symbol }), c('netRecordedKg')];
  return (
    <Box component="article">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('portal.haulage.report.title')}
      </Typography>
      <Typography variant="subtitle1">
        {translate('portal.haulage.report.project', {
          project: project.projectId,
          contractor: project.contractorCompanyName,
          site: project.jobSite,
        })}
      </Typography>
      <Table size="small" aria-label={translate('portal.haulage.report.title')}>
        <TableHead>
          <TableRow>
            {[
              ...['ticket', 'timeLoaded', 'haulageCompany', 'truck', 'licensePlate', 'material'].map(c),
              ...weightHeadings,
              c('volume'),
            ].map((heading) => (
              <TableCell key={heading}>{heading}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loads.map((ticket) => {
            const net = ticket.weight === null ? null : printedNet(ticket.weight, unit);
            return (
              <TableRow key={ticket.id} sx={{ breakInside: 'avoid' }}>
                <TableCell>{displayTicketNumber(ticket)}</TableCell>
                <TableCell>{displayInstant(ticket.loadTimeLoaded)}</TableCell>
                <TableCell>{ticket.transportCompanyName}</TableCell>
                <TableCell>{ticket.truckNumber}</TableCell>
                <TableCell>{ticket.truckLicensePlate}</TableCell>
                <TableCell>{ticket.materialName}</TableCell>
                <TableCell align="right">{net?.net ?? ''}</TableCell>
                <TableCell align="right">{net?.second.value ?? ''}</TableCell>
                <TableCell align="right">{volumeOf(ticket) || ''}</TableCell>
              </TableRow>
            );
          })}
          {loads.length === 0 && (
            <TableRow>
              <TableCell colSpan={9}>{translate('portal.haulage.report.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
        <TableFooter sx={{ '& td': { color: 'text.primary', fontSize: '0.875rem' } }}>
          <TableRow data-testid="report-totals">
            <TableCell colSpan={6} sx={{ fontWeight: 700 }}>
              {translate('portal.haulage.report.totals')}
              <TicketCounts counts={totals} />
            </TableCell>
            {/* The spec's footer totals tonnes alone; another unit's totals both its columns. */}
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {unit === 'kg' ? '' : totalNet.net}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {totalNet.second.value}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {`${totalVolumeM3(loads)} m3`}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
};

/**
 * /report/haulage-record/{projectId}?from&to&fromDate&toDate: the project's haulage records
 * in the range, its received loads only, as one print-ready grid; the totals count the range's tickets apart
 * from its loads (rejected and unused named), and total the loads' weight (tonnes, or the site's unit) and
 * m3. It prints itself after about 1 s.
 */
export const HaulageReportPage = () => {
  useAuthenticated();
  const { projectId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const range = Object.fromEntries(rangeKeys.map((key) => [key, searchParams.get(key) ?? '']));
  const { data, error } = useHaulageReport(projectId, range);
  useNotifyLoadError(error);
  return <PrintPage wide>{data ? <ReportGrid {...data} /> : <PrintState error={error} />}</PrintPage>;
};
