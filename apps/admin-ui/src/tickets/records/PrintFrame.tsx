import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, GlobalStyles, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAuthenticated, useTranslate } from 'react-admin';
import { errorText } from '../../common/error-text';
import { useNotifyLoadError } from '../../common/useNotifyLoadError';
import { TicketScreenLink } from '../TicketScreenLink';
import { type PrintedRecord, useRecord } from './useRecord';

/** On paper: one record per page and no blank one after it, no buttons, black on white whatever the screen's theme; QR codes stay. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { margin: '12mm' },
      '@media print': {
        'html, body': { background: '#fff !important' },
        '.print-hidden': { display: 'none !important' },
        '.printed-record': { maxWidth: 'none !important', margin: 0, padding: '0 !important' },
        // One record, one sheet: kept whole, and no forced break after it (that printed a blank last page).
        '.printed-record article': { breakInside: 'avoid', padding: '12px !important', fontSize: '10pt' },
        '.printed-record *': {
          color: '#000 !important',
          backgroundColor: 'transparent !important',
          borderColor: '#999 !important',
          boxShadow: 'none !important',
        },
        // The sheet's edge and the Received banner stay bold; the rows' lines stay light.
        '.printed-record article, .printed-record .MuiAlert-root': { borderColor: '#000 !important' },
        '.printed-record svg': { printColorAdjust: 'exact' },
        // Paper is denser than a screen: a record with its signature lines fits one Letter or A4 sheet.
        '.printed-record dl > *': { paddingTop: '2px !important', paddingBottom: '2px !important' },
        '.printed-record section': { marginTop: '6px !important' },
        '.printed-record h1': { fontSize: '16pt !important' },
        '.printed-record h2': { fontSize: '11pt !important' },
        '.printed-record hr': { marginTop: '6px !important', marginBottom: '6px !important' },
        '.printed-record .MuiTypography-body1, .printed-record .MuiTypography-body2': { fontSize: '10pt' },
      },
    }}
  />
);

/**
 * A printable page without the menu, app bar or footer: the print styles, and on screen only a Print
 * button (and `beside` it, e.g. a link back). `wide`: a report's grid rather than one record.
 */
export const PrintPage = ({
  beside = <span />,
  wide = false,
  children,
}: {
  beside?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      className="printed-record"
      sx={{ maxWidth: wide ? 1000 : 800, mx: 'auto', p: { xs: 1, sm: 2 } }}
    >
      {printStyles}
      <Box className="print-hidden" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        {beside}
        <Button size="small" variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('portal.records.print')}
        </Button>
      </Box>
      {children}
    </Box>
  );
};

/** What a printable page shows before or instead of its record: loading, or why there is none. */
export const PrintState = ({ error, notFound = false }: { error: Error | null; notFound?: boolean }) => {
  const translate = useTranslate();
  if (notFound) return <Alert severity="warning">{translate('portal.records.notFound')}</Alert>;
  return error ? (
    <Alert severity="error">{errorText(translate, error)}</Alert>
  ) : (
    <Typography role="status" sx={{ py: 4 }}>
      {translate('portal.tickets.loading')}
    </Typography>
  );
};

/** A printable page of a ticket for a signed-in user: loads the ticket (and what else the page asks for) once. */
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
  const { data, error } = useRecord(id, needs);
  useNotifyLoadError(error);
  return (
    <PrintPage beside={withTicketLink ? <TicketScreenLink id={id} to="ticket" size="small" /> : undefined}>
      {data ? children(data) : <PrintState error={error} />}
    </PrintPage>
  );
};
