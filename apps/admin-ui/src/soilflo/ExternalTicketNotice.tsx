import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { Alert } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { ExternalReceiptStatus } from './ExternalReceiptStatus';

/** Above a SoilFLO load's form: that it is one (with its SoilFLO id once filled), and its receipt report. */
export const ExternalTicketNotice = ({
  ticket,
  isAdministrator,
}: {
  ticket: Ticket;
  isAdministrator: boolean;
}) => {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="info" icon={<CloudSyncIcon />} sx={{ mb: 1 }}>
        {ticket.soilFLOTicketId === null
          ? translate('portal.tickets.external.identityNoLoad')
          : translate('portal.tickets.external.identity', { id: ticket.soilFLOTicketId })}
      </Alert>
      <ExternalReceiptStatus ticketId={ticket.id} isAdministrator={isAdministrator} />
    </>
  );
};
