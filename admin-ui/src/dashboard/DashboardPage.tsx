import SearchIcon from '@mui/icons-material/Search';
import { Box, Card, CardContent, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Title, useAuthenticated, useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { ReceiveTicketDialog } from '../receive/ReceiveTicketDialog';
import { DailyTrucksPanel } from './DailyTrucksPanel';
import { useLatestTickets, useRefreshDashboard, useTicketSearch } from './dashboard-queries';
import type { TicketRow, TodayFilter } from './dashboard-ticket';
import { TicketSearchForm } from './TicketSearchForm';
import { TicketTable } from './TicketTable';
import { TodayToggle } from './TodayToggle';
import type { TicketSearchBody } from './ticket-search';

/**
 * /dashboard (spec section 2): the 'Daily Trucks' metrics, today's Active or Received tickets (or a
 * search's results) in one table, and the Receive Ticket dialog. The administrators' Generate, Export,
 * Update, Clear and Bulk Receive tabs come in a later release; Search is for everyone.
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

  const latest = useLatestTickets(filter);
  const found = useTicketSearch(search);
  useNotifyLoadError(latest.error);
  useNotifyLoadError(found.error);
  const refresh = useRefreshDashboard();

  const showToday = (next: TodayFilter) => {
    setFilter(next);
    if (search) {
      setSearch(null);
      setSearchFormKey((key) => key + 1);
    }
  };
  const clearSearch = useCallback(() => setSearch(null), []);

  const shown = search ? found : latest;
  const tickets = search ? found.data : latest.data?.tickets;
  const heading = search
    ? translate('portal.dashboard.searchResults', { smart_count: tickets?.length ?? 0 })
    : translate(filter === 'active' ? 'portal.dashboard.activeToday' : 'portal.dashboard.receivedToday');

  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Title title="portal.menu.dashboard" />
      <DailyTrucksPanel counts={latest.data} />
      <TodayToggle
        value={search ? null : filter}
        counts={latest.data}
        onChange={showToday}
        onRefresh={() => void refresh()}
        refreshing={latest.isFetching || found.isFetching}
      />
      <Card>
        <Tabs value="search" aria-label={translate('portal.dashboard.tabs.label')}>
          <Tab
            value="search"
            id="dashboard-tab-search"
            aria-controls="dashboard-panel-search"
            icon={<SearchIcon fontSize="small" />}
            iconPosition="start"
            label={translate('portal.dashboard.tabs.search')}
          />
        </Tabs>
        <CardContent
          role="tabpanel"
          id="dashboard-panel-search"
          aria-labelledby="dashboard-tab-search"
          sx={{ pb: 0 }}
        >
          <TicketSearchForm key={searchFormKey} onSearch={setSearch} onClear={clearSearch} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="dashboard-tickets-title">
        <Typography id="dashboard-tickets-title" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {heading}
        </Typography>
        <Box sx={{ height: 4 }}>{shown.isFetching && <LinearProgress />}</Box>
        <TicketTable
          // Another list starts again on its first page.
          key={search ? JSON.stringify(search) : filter}
          tickets={tickets}
          isPending={shown.isPending}
          isFetching={shown.isFetching}
          onReceive={setReceiving}
          showTimeReceived={search !== null || filter === 'received'}
        />
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
