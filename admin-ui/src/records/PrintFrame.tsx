import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, GlobalStyles, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAuthenticated, useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { TicketScreenLink } from '../tickets/TicketScreenLink';
import { type PrintedRecord, useRecord } from './useRecord';

/** On paper: one record per page, no buttons, black on white whatever the screen's theme; QR codes stay. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { margin: '12mm' },
      '@media print': {
        'html, body': { background: '#fff !important' },
        '.print-hidden': { display: 'none !important' },
        '.printed-record': { maxWidth: 'none !important', margin: 0, padding: '0 !important' },
        '.printed-record article': { breakInside: 'avoid', breakAfter: 'page' },
        '.printed-record *': {
          color: '#000 !important',
          backgroundColor: 'transparent !important',
          borderColor: '#999 !important',
          boxShadow: 'none !important',
        },
        // The sheet's edge and the Received banner stay bold; the rows' lines stay light.
        '.printed-record article, .printed-record .MuiAlert-root': { borderColor: '#000 !important' },
        '.printed-record svg': { printColorAdjust: 'exact' },
      },
    }}
  />
);

/**
 * A printable page of a ticket, without the menu, app bar or footer: it needs a session, loads the ticket
 * (and what else the page asks for) once, and offers Print on screen only.
 */
export const PrintFrame = ({
  id,
  needs,
  withTicketLink = false,
  children,
}: {
  id: string;
  needs: { hash: boolean; truck: boolean };
  /** A link back to the ticket page, for pages opened in the app's own window. */
  withTicketLink?: boolean;
  children: (record: PrintedRecord) => ReactNode;
}) => {
  useAuthenticated();
  const translate = useTranslate();
  const { data, error, isPending } = useRecord(id, needs);
  useNotifyLoadError(error);
  return (
    <Box component="main" className="printed-record" sx={{ maxWidth: 800, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      {printStyles}
      <Box className="print-hidden" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        {withTicketLink ? <TicketScreenLink id={id} to="ticket" size="small" /> : <span />}
        <Button size="small" variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('portal.records.print')}
        </Button>
      </Box>
      {data ? (
        children(data)
      ) : isPending ? (
        <Typography role="status" sx={{ py: 4 }}>
          {translate('portal.tickets.loading')}
        </Typography>
      ) : (
        <Alert severity="error">{error?.message || translate('portal.errors.unexpected')}</Alert>
      )}
    </Box>
  );
};
