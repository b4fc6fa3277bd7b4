import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReportTable } from '@portal/contract';
import {
  type ReportColumnKey,
  type ReportRow,
  reportColumnLabel,
  reportColumns,
  reportPageSizes,
} from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { RetryAlert } from '../common/RetryAlert';
import { formatDate } from '../i18n/dates';
import { useSiteWeights } from '../settings/site-settings';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';
import { printedNet } from '../tickets/records/record-weights';
import { TicketCounts } from './TicketCounts';

export type ReportPageSize = (typeof reportPageSizes)[number];

const columnsByKey = new Map(reportColumns.map((column) => [column.key, column]));

/** One cell as people read it: days and times in en-ZA, weights in the site's unit, flags as Yes or No. */
function useCellText() {
  const translate = useTranslate();
  const weights = useSiteWeights();
  return (row: ReportRow, key: ReportColumnKey): string => {
    // As everywhere in the portal: '[prefix] number', zero-padded to 6 digits.
    if (key === 'ticketNumber') return displayTicketNumber(row);
    const value = row[key];
    if (value === null) return '';
    switch (columnsByKey.get(key)?.kind) {
      case 'day':
        return formatDate(new Date(String(value)));
      case 'instant':
        return displayInstant(String(value));
      case 'number':
        return weights.format(Number(value));
      case 'flag':
        return translate(value ? 'portal.reports.yes' : 'portal.reports.no');
      default:
        return String(value);
    }
  };
}

/**
 * The whole result's tickets by what they amount to and its received loads' net, not only the page's:
 * beside the net tonnes, or the KG recorded.
 */
const Totals = ({ totals }: { totals: ReportTable['totals'] }) => {
  const translate = useTranslate();
  const net = printedNet(totals.netKg, useSiteWeights().unit);
  return (
    <Box
      data-testid="report-totals"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, px: 2, py: 1, fontWeight: 500 }}
    >
      <TicketCounts counts={totals} />
      <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
        {translate('portal.reports.totals.net', { net: net.net, beside: net.second.value })}
      </Typography>
    </Box>
  );
};

interface ReportResultsProps {
  ran: boolean;
  table: UseQueryResult<ReportTable>;
  columns: readonly ReportColumnKey[];
  page: number;
  perPage: ReportPageSize;
  onPage: (page: number) => void;
  onPerPage: (perPage: ReportPageSize) => void;
}

/**
 * The report's tickets in the chosen columns, paged by 50, 100, 150 or 200, with the whole
 * result's totals above. Not run yet, loading, failed and empty each say so: none looks like an empty result.
 */
export const ReportResults = ({
  ran,
  table,
  columns,
  page,
  perPage,
  onPage,
  onPerPage,
}: ReportResultsProps) => {
  const translate = useTranslate();
  const cellText = useCellText();
  const { unit } = useSiteWeights();
  if (!ran)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('portal.reports.notRun')}
      </Typography>
    );
  if (table.isError)
    return (
      <RetryAlert
        severity="error"
        sx={{ m: 2 }}
        retryLabel="portal.reports.retry"
        onRetry={() => void table.refetch()}
      >
        {translate('portal.reports.loadFailed', { message: translate(table.error.message) })}
      </RetryAlert>
    );
  if (!table.data)
    return (
      <Box role="status" sx={{ p: 2 }}>
        <LinearProgress sx={{ mb: 1 }} />
        <Typography color="text.secondary">{translate('portal.reports.loading')}</Typography>
      </Box>
    );
  const { rows, total, totals } = table.data;
  return (
    <Box aria-busy={table.isFetching}>
      <Totals totals={totals} />
      <Box sx={{ height: 4 }}>{table.isFetching && <LinearProgress />}</Box>
      {total === 0 ? (
        <Typography role="status" sx={{ p: 2 }}>
          {translate('portal.reports.empty')}
        </Typography>
      ) : (
        <>
          {/* Many columns: the table scrolls sideways inside its card, the page does not. */}
          {/* Focusable, so a keyboard scrolls it where it is wider or taller than the screen (axe-core). */}
          <TableContainer
            sx={{ overflowX: 'auto', maxHeight: '70vh' }}
            tabIndex={0}
            role="region"
            aria-label={translate('portal.reports.tableLabel')}
          >
            <Table size="small" stickyHeader aria-label={translate('portal.reports.tableLabel')}>
              <TableHead>
                <TableRow>
                  {columns.map((key) => {
                    const column = columnsByKey.get(key);
                    return (
                      <TableCell key={key} sx={{ whiteSpace: 'nowrap' }}>
                        {column && reportColumnLabel(column, unit)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} hover>
                    {columns.map((key) => (
                      <TableCell
                        key={key}
                        align={columnsByKey.get(key)?.kind === 'number' ? 'right' : 'left'}
                        // Notes wrap, but not down to a word a line in a narrow scroller.
                        sx={key === 'notes' ? { minWidth: 240 } : { whiteSpace: 'nowrap' }}
                      >
                        {cellText(row, key)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={page - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...reportPageSizes]}
            onPageChange={(_, next) => onPage(next + 1)}
            onRowsPerPageChange={(event) => onPerPage(Number(event.target.value) as ReportPageSize)}
          />
        </>
      )}
    </Box>
  );
};
