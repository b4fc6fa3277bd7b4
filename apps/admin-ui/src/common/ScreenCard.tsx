import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../layout/PageTitle';

/**
 * A screen of its own: `title` in the app bar and as the page's heading (then `titleSuffix`), `status`
 * beside the heading, `actions` at the right, and the screen's content below.
 */
export const ScreenCard = ({
  title,
  titleSuffix,
  status,
  actions,
  headingGap = 2,
  children,
}: {
  title: string;
  titleSuffix?: ReactNode;
  status?: ReactNode;
  actions?: ReactNode;
  /** Space under the heading row. */
  headingGap?: number;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <PageTitle title={title} />
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: headingGap }}>
          <Typography variant="h5" component="h1">
            {translate(title)}
            {titleSuffix}
          </Typography>
          {status}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
};
