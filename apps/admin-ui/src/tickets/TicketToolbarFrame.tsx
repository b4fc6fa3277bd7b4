import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The ticket form's action bar, kept in view at the bottom of a long form. */
export const TicketToolbarFrame = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box
      role="toolbar"
      aria-label={translate('portal.tickets.actions')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        mt: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        position: 'sticky',
        bottom: 0,
        bgcolor: 'background.paper',
        zIndex: 1,
      }}
    >
      {children}
    </Box>
  );
};
