import { Chip } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { receiptStatus } from './ticket';

const colors = { received: 'success', rejected: 'error', notReceived: 'default' } as const;

/** Received, Rejected or Not received: the ticket page's first chip, and a dashboard row's for a rejected load. */
export const ReceiptStatusChip = ({ ticket }: { ticket: Ticket }) => {
  const translate = useTranslate();
  const status = receiptStatus(ticket);
  return <Chip size="small" color={colors[status]} label={translate(`portal.tickets.status.${status}`)} />;
};
