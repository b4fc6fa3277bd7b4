import { Box, Divider, Typography } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { type LabelledValue, LabelledValues } from '../../common/LabelledValues';
import { TicketValue } from '../TicketValue';
import type { PrintedRecord } from './useRecord';

/** A ticket's field under the ticket page's label for it (the label of an id names its name field). */
export const ticketLine = (
  ticket: Ticket,
  label: keyof Ticket,
  field: keyof Ticket = label,
): LabelledValue => [
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
  record: {
    ticket: Ticket;
    settings: Pick<PrintedRecord['settings'], 'receivingSiteName' | 'receivingSiteAddress'>;
  };
  lines: LabelledValue[];
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="article"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        p: { xs: 2, sm: 3 },
      }}
    >
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
      <LabelledValues lines={lines} />
      {children}
    </Box>
  );
};
