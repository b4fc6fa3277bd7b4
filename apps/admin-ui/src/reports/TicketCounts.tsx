import { Typography } from '@mui/material';
import type { TicketCounts as Counts } from '@portal/contract';
import { useTranslate } from 'react-admin';

const countKeys = ['tickets', 'receivedLoads', 'rejected', 'notReceived', 'unused'] as const;

/**
 * A set of tickets by what they amount to: '60 tickets · 4 received loads · 2 rejected · 4 loaded, not
 * received · 50 unused (never loaded)'. Loads are received loads only, never tickets (issue 34, D6).
 */
export const TicketCounts = ({ counts }: { counts: Counts }) => {
  const translate = useTranslate();
  return (
    <Typography
      variant="body2"
      component="p"
      data-testid="ticket-counts"
      sx={{ fontWeight: 'inherit', m: 0 }}
    >
      {countKeys
        .map((key) =>
          translate(`portal.reports.counts.${key}`, {
            smart_count: counts[key],
            count: counts[key].toLocaleString('en-ZA'),
          }),
        )
        .join(' · ')}
    </Typography>
  );
};
