import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UpcomingScreen } from '../common/UpcomingScreen';
import { formatDate } from '../i18n/dates';

/** /dashboard: the ticket dashboard of spec section 2 comes in a later release. */
export const DashboardPage = () => {
  const translate = useTranslate();
  return (
    <UpcomingScreen title="portal.menu.dashboard">
      <Typography gutterBottom>
        {translate('portal.dashboard.today', { date: formatDate(new Date()) })}
      </Typography>
    </UpcomingScreen>
  );
};
