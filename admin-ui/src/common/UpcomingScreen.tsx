import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useAuthenticated, useTranslate } from 'react-admin';

/** An honest placeholder for a screen of the spec that a later release delivers. */
export const UpcomingScreen = ({ title, children }: { title: string; children?: ReactNode }) => {
  // Custom routes are not guarded page by page; this re-checks the token's expiry on every visit.
  useAuthenticated();
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ConstructionIcon fontSize="small" />
          {translate('portal.upcoming.message')}
        </Typography>
      </CardContent>
    </Card>
  );
};
