import { Box, Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * One table of a company page under its heading and Add button. Wide tables scroll sideways inside the
 * card on narrow screens instead of widening the page.
 */
export const CompanySection = ({
  title,
  action,
  children,
}: {
  title: string;
  action: ReactNode;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card component="section" sx={{ mt: 2 }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, pt: 2 }}
      >
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {action}
      </Box>
      {/* width 0 with min-width 100% keeps the table's width out of the page's own, so only this box scrolls. */}
      <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>{children}</Box>
    </Card>
  );
};
