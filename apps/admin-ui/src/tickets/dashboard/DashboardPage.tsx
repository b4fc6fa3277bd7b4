import { Box, Card, LinearProgress, Typography } from '@mui/material';
import { Role } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useAuthenticated, usePermissions, useTranslate } from 'react-admin';
import { errorText } from '../../common/error-text';
import { RetryAlert } from '../../common/RetryAlert';
import { useNotifyLoadError } from '../../common/useNotifyLoadError';
import { formatDateTime } from '../../i18n/dates';
import { PageTitle } from '../../layout/PageTitle';
import { ReceiveTicketDialog } from '../receive/ReceiveTicketDialog';
import { DailyTrucksPanel } from './DailyTrucksPanel';
import { DashboardTools } from './DashboardTools';
import { useLatestTickets, useRefreshDashboard, useTicketSearch } from './dashboard-queries';
import { firstPage, type TicketPaging, type TicketRow, type TodayFilter } from './dashboard-ticket';
import { TicketTable } from './TicketTable';
import { TodayToggle } from './TodayToggle';
import type { TicketSearchBody } from './ticket-search';

/**
 * A list's error, kept while the list is asked again: react-query clears the error of a query that has no
 * data as its refetch starts, which would flash the table's skeleton between one failure and the next.
 */
function useErrorKeptWhileAskingAgain(query: { error: unknown; isFetching: boolean; isSuccess: boolean }) {
  const [lastError, setLastError] = useState<unknown>(null);
  // Derived state, set while rendering (React re-renders at once): no effect, so no frame without it.
  if (query.error && query.error !== lastError) setLastError(query.error);
  if (query.isSuccess && lastError !== null) setLastError(null);
  return query.error ?? (query.isFetching ? lastError : null);
}

/**
 * /dashboard: the 'Daily Trucks' metrics, today's Active or Received tickets (or a
 * search's results) in one table, and the Receive Ticket dialog. Search is for everyone; the Generate,
 * Export, Update, Clear and Bulk Receive tabs are for administrators.
 */
export const DashboardPage = () => {
  // Custom routes are not guarded page by page; this re-checks the token's expiry on every visit.
  useAuthenticated();
  const translate = useTranslate();
  const [filter, setFilter] = useState<TodayFilter>('active');
  const [search, setSearch] = useState<TicketSearchBody | null>(null);
  // A new key empties the search form when the user goes back to today's lists by a toggle.
  const [searchFormKey, setSearchFormKey] = useState(0);
  const [receiving, setReceiving] = useState<TicketRow | null>(null);
  const { permissions } = usePermissions();
  const isAdministrator = permissions === Role.Administrator;

  // One page of whichever list is shown; another list (or search) starts again on its first page.
  const [paging, setPaging] = useState<TicketPaging>(firstPage);
  const latest = useLatestTickets(filter, search ? firstPage : paging);
  const found = useTicketSearch(search, paging);
  // A list already on screen whose refresh fails says so above it; a toast every few seconds would bury the page.
  useNotifyLoadError(latest.error, { quiet: latest.data !== undefined });
  useNotifyLoadError(found.error, { quiet: found.data !== undefined });
  const refresh = useRefreshDashboard();
  // The Refresh link's own load shows its progress; the lists' refreshing by themselves does not flicker.
  const [refreshing, setRefreshing] = useState(false);
  const refreshNow = () => {
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  };

  const showToday = (next: TodayFilter) => {
    setFilter(next);
    setPaging(firstPage);
    if (search) {
      setSearch(null);
      setSearchFormKey((key) => key + 1);
    }
  };
  const startSearch = useCallback((body: TicketSearchBody) => {
    setSearch(body);
    setPaging(firstPage);
  }, []);
  const clearSearch = useCallback(() => {
    setSearch(null);
    setPaging(firstPage);
  }, []);
  // A finished run changes tickets: the table and the metrics load again.
  const runFinished = useCallback(() => void refresh(), [refresh]);

  const latestError = useErrorKeptWhileAskingAgain(latest);
  const foundError = useErrorKeptWhileAskingAgain(found);
  const shown = search ? found : latest;
  const shownError = search ? foundError : latestError;
  const listed = search ? found.data : latest.data;
  const loading = shown.isPending || shown.isPlaceholderData || refreshing;
  const heading = search
    ? translate('portal.dashboard.searchResults', { smart_count: found.data?.total ?? 0 })
    : translate(filter === 'active' ? 'portal.dashboard.activeToday' : 'portal.dashboard.receivedToday');

  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <PageTitle title="portal.menu.dashboard" />
      <DailyTrucksPanel counts={latest.data} failed={latest.isError} />
      <TodayToggle
        value={search ? null : filter}
        counts={latest.data}
        onChange={showToday}
        onRefresh={refreshNow}
        refreshing={refreshing}
      />
      <DashboardTools
        isAdministrator={isAdministrator}
        formsReady={latest.data !== undefined || latest.isError}
        searchFormKey={searchFormKey}
        onSearch={startSearch}
        onClear={clearSearch}
        onRunFinished={runFinished}
      />
      <Card component="section" aria-labelledby="dashboard-tickets-title">
        <Typography id="dashboard-tickets-title" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {heading}
        </Typography>
        <Box sx={{ height: 4 }}>
          {shown.isFetching && (loading || listed === undefined) && <LinearProgress />}
        </Box>
        {shownError && listed === undefined ? (
          // A failed load is an error with a way out, never an empty list (issue 15, item 5), also while
          // it is asked again: the refresh every few seconds would otherwise flash an empty table.
          <RetryAlert
            severity="error"
            sx={{ m: 2 }}
            retryLabel="portal.dashboard.retry"
            onRetry={() => void shown.refetch()}
          >
            {translate('portal.dashboard.loadFailed', { reason: errorText(translate, shownError) })}
          </RetryAlert>
        ) : (
          <>
            {shown.isError && (
              // A failed refresh keeps the rows it had, saying how old they are (issue 34, item 7).
              <RetryAlert
                severity="warning"
                sx={{ mx: 2, mb: 1 }}
                retryLabel="portal.dashboard.retry"
                onRetry={() => void shown.refetch()}
              >
                {translate('portal.dashboard.refreshFailed', {
                  reason: errorText(translate, shown.error),
                  time: formatDateTime(new Date(shown.dataUpdatedAt)),
                })}
              </RetryAlert>
            )}
            <TicketTable
              tickets={listed?.tickets}
              total={listed?.total}
              paging={paging}
              onPagingChange={setPaging}
              isPending={shown.isPending}
              isFetching={shown.isFetching}
              onReceive={setReceiving}
              isAdministrator={isAdministrator}
              showTimeReceived={search !== null || filter === 'received'}
              emptyText={search ? 'portal.dashboard.noTickets' : 'portal.dashboard.noTicketsToday'}
            />
          </>
        )}
      </Card>
      <ReceiveTicketDialog
        ticket={receiving}
        open={receiving !== null}
        onClose={() => setReceiving(null)}
        onReceived={() => {
          setReceiving(null);
          void refresh();
        }}
      />
    </Box>
  );
};
