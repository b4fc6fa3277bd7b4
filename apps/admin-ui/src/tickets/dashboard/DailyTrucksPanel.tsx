import { Box, Card, CardContent, Skeleton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { equalColumns } from '../../common/equal-columns';
import type { DailyCounts } from './dashboard-ticket';

const metrics = [
  { key: 'loaded', count: 'loadedTicketCountForToday' },
  { key: 'received', count: 'receivedTicketCountForToday' },
  { key: 'contractors', count: 'uniqueContractorsForToday' },
  { key: 'jobSites', count: 'uniqueJobSitesForToday' },
] as const;

/** The 'Daily Trucks' panel, today's trucks loaded and received and who and where. */
export const DailyTrucksPanel = ({
  counts,
  failed,
}: {
  counts: DailyCounts | undefined;
  failed: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="daily-trucks-title">
      <CardContent sx={{ pb: 1 }}>
        <Typography id="daily-trucks-title" variant="h6" component="h2" gutterBottom>
          {translate('portal.dashboard.dailyTrucks.title')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: equalColumns({ xs: 2, sm: 4 }),
            gap: 2,
            m: 0,
          }}
        >
          {metrics.map(({ key, count }) => (
            <Tooltip key={key} title={translate(`portal.dashboard.dailyTrucks.hints.${key}`)} describeChild>
              <Box sx={{ display: 'flex', flexDirection: 'column-reverse' }} tabIndex={0}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(`portal.dashboard.dailyTrucks.${key}`)}
                </Typography>
                <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 500 }}>
                  {/* A failed load shows a dash, never a count still on its way. */}
                  {counts ? counts[count] : failed ? '—' : <Skeleton width="2ch" />}
                </Typography>
              </Box>
            </Tooltip>
          ))}
        </Box>
        {counts && counts.receivedWithoutLoadCountForToday > 0 && (
          // Named on its own so Loaded and Received still add up (issue 34, D23).
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            {translate('portal.dashboard.dailyTrucks.receivedWithoutLoad', {
              smart_count: counts.receivedWithoutLoadCountForToday,
            })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
};
