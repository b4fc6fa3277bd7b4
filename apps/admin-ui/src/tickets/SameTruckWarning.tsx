import { Alert, Box, Link } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { displayTicketNumber, isOpenDispatch } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { call } from '../dataProvider/http-client';
import { ticketPath } from './ticket';

/**
 * Issue 34 (D21): the ticket's truck is also dispatched on other open tickets. A warning with links to them,
 * never a refusal; asked only while the ticket itself is an open dispatch.
 */
export const SameTruckWarning = ({ ticket }: { ticket: Ticket }) => {
  const open = isOpenDispatch(ticket);
  const { data } = useQuery({
    queryKey: ['tickets', ticket.id, 'same-truck', ticket.version],
    queryFn: () => call(endpoints.getTicketByIdSameTruck, { params: { id: ticket.id } }),
    enabled: open,
  });
  if (!open || !data?.warning) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="same-truck-warning">
      {data.warning}
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {data.tickets.map((other) => (
          <Link key={other.id} component={RouterLink} to={ticketPath(other.id)}>
            {displayTicketNumber(other)}
          </Link>
        ))}
      </Box>
    </Alert>
  );
};
