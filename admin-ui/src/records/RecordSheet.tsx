import { Box, Divider, Typography } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { TicketValue } from '../tickets/TicketValue';
import type { PrintedRecord } from './useRecord';

/** One line of a record: its label's message key and what it shows. */
export type RecordLine = [label: string, value: ReactNode];

/** A ticket's field under the ticket page's label for it (the label of an id names its name field). */
export const ticketLine = (ticket: Ticket, label: keyof Ticket, field: keyof Ticket = label): RecordLine => [
  `portal.tickets.fields.${label}`,
  <TicketValue key={field} field={field} value={ticket[field]} />,
];

/**
 * A printed record of a ticket: its title and number, the receiving site (the address only when the
 * settings have one), then the page's own content; labels and values side by side, as on paper.
 */
export const RecordSheet = ({
  title,
  record: { ticket, settings },
  lines,
  children,
}: {
  title: string;
  record: PrintedRecord;
  lines: RecordLine[];
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box component="article" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="overline" color="text.secondary" component="p">
            {translate(title)}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {displayTicketNumber(ticket)}
          </Typography>
        </Box>
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {settings.receivingSiteName ?? ''}
          </Typography>
          {settings.receivingSiteAddress && (
            <Typography
              variant="body2"
              component="address"
              sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}
            >
              {settings.receivingSiteAddress}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider sx={{ my: 2, borderStyle: 'dashed' }} />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '9.5rem 1fr', sm: '12rem 1fr' },
          m: 0,
          '& > *': { py: 0.5, borderBottom: 1, borderColor: 'divider' },
          '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere' },
        }}
      >
        {lines.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {children}
    </Box>
  );
};
