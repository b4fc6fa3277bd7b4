import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Link, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DailyCounts, TodayFilter } from './dashboard-ticket';

interface TodayToggleProps {
  /** The list shown, or null while a search's results are shown instead. */
  value: TodayFilter | null;
  counts: DailyCounts | undefined;
  onChange: (filter: TodayFilter) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The mutually exclusive 'Active' and 'Received' toggles with counts, and Refresh. */
export const TodayToggle = ({ value, counts, onChange, onRefresh, refreshing }: TodayToggleProps) => {
  const translate = useTranslate();
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        // Clicking the shown list again keeps it: one of the two is always on, unless a search is.
        onChange={(_event, next: TodayFilter | null) => {
          if (next) onChange(next);
        }}
        aria-label={translate('portal.dashboard.today.label')}
      >
        <ToggleButton value="active">
          {translate('portal.dashboard.today.active')}
          {count(counts?.activeTicketCountForToday)}
        </ToggleButton>
        <ToggleButton value="received">
          {translate('portal.dashboard.today.received')}
          {count(counts?.receivedTicketCountForToday)}
        </ToggleButton>
      </ToggleButtonGroup>
      <Link
        component="button"
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <RefreshIcon fontSize="small" />
        {translate('portal.dashboard.today.refresh')}
      </Link>
    </Box>
  );
};
