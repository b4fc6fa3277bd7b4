import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Box, Button, IconButton } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { displayTicketNumber, Role } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import {
  useLogoutIfAccessDenied,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { IconLinkButton } from '../common/IconLinkButton';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { apiRequest } from '../dataProvider/http-client';
import { PrintRecordButton } from '../records/PrintRecordButton';
import { mayEdit, ticketLogPath, ticketPath } from '../tickets/ticket';
import { useRefreshDashboard } from './dashboard-queries';
import { haulageRecordPath, mayToggleDispatch, type TicketRow } from './dashboard-ticket';

/** PUT /api/ticket/toggle/dispatch: locks or unlocks a truck's dispatch; the icon shows isDispatched. */
const DispatchLockButton = ({ ticket }: { ticket: Ticket }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifySaveError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const refresh = useRefreshDashboard();
  const { mutate, isPending } = useMutation({
    mutationFn: () =>
      apiRequest<Ticket>('/api/ticket/toggle/dispatch', {
        method: 'PUT',
        body: { ticket: { id: ticket.id } },
      }),
    onSuccess: (toggled) => {
      notify(
        toggled.isDispatched
          ? 'portal.dashboard.dispatch.nowLocked'
          : 'portal.dashboard.dispatch.nowUnlocked',
        {
          type: 'success',
          messageArgs: { number: displayTicketNumber(toggled) },
        },
      );
      void refresh();
    },
    onError: async (error) => {
      if (!(await logoutIfAccessDenied(error))) notifySaveError(error);
    },
  });
  const state = translate(
    ticket.isDispatched ? 'portal.dashboard.dispatch.locked' : 'portal.dashboard.dispatch.unlocked',
  );
  return (
    <IconButton
      data-tooltip={state}
      size="small"
      color={ticket.isDispatched ? 'warning' : 'default'}
      aria-label={translate('portal.dashboard.dispatch.label')}
      aria-pressed={ticket.isDispatched}
      disabled={isPending}
      onClick={() => mutate()}
    >
      {ticket.isDispatched ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
    </IconButton>
  );
};

/** Spec section 6: others than administrators see the edit icon of a received ticket, disabled. */
const EditTicketButton = ({ ticket }: { ticket: Ticket }) => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  if (mayEdit(ticket, { isAdministrator: permissions === Role.Administrator })) {
    return (
      <IconLinkButton
        to={ticketPath(ticket.id)}
        label="ra.action.edit"
        icon={<EditIcon fontSize="small" />}
      />
    );
  }
  const reason = translate('portal.dashboard.editReceivedDenied');
  // A disabled button fires no events; the span lets the tooltip say why.
  return (
    <span data-tooltip={reason}>
      <IconButton size="small" disabled aria-label={reason}>
        <EditIcon fontSize="small" />
      </IconButton>
    </span>
  );
};

/**
 * Receive for an unreceived ticket. A SoilFLO load is received from SoilFLO's data on its own form, which
 * only administrators use (the server refuses the plain receive); others get no receive here.
 */
const ReceiveButton = ({
  ticket,
  onReceive,
}: {
  ticket: TicketRow;
  onReceive: (ticket: TicketRow) => void;
}) => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const number = displayTicketNumber(ticket);
  if (!ticket.isSoilFLOLoad) {
    return (
      <Button
        size="small"
        variant="contained"
        onClick={() => onReceive(ticket)}
        aria-label={translate('portal.dashboard.receiveTicket', { number })}
      >
        {translate('portal.dashboard.receive.submit')}
      </Button>
    );
  }
  if (permissions !== Role.Administrator) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      component={Link}
      to={ticketPath(ticket.id)}
      onClick={(event) => event.stopPropagation()}
      aria-label={translate('portal.tickets.external.receiveInFormOf', { number })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('portal.tickets.external.receiveInForm')}
    </Button>
  );
};

/**
 * A row's actions (spec section 2): Receive while unreceived, the dispatch lock for today's unreceived
 * loads, then the ticket log, the haulage record, the printable receiving record and edit.
 */
export const TicketActions = ({ onReceive }: { onReceive: (ticket: TicketRow) => void }) => {
  const ticket = useRecordContext<TicketRow>();
  if (!ticket) return null;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, flexWrap: 'nowrap' }}
    >
      {!ticket.isReceived && <ReceiveButton ticket={ticket} onReceive={onReceive} />}
      {mayToggleDispatch(ticket, new Date()) && <DispatchLockButton ticket={ticket} />}
      <IconLinkButton
        to={ticketLogPath(ticket.id)}
        label="portal.dashboard.ticketLog"
        icon={<HistoryIcon fontSize="small" />}
      />
      <IconLinkButton
        to={haulageRecordPath(ticket.id)}
        label="portal.dashboard.haulageRecord"
        icon={<ReceiptLongIcon fontSize="small" />}
      />
      <PrintRecordButton id={ticket.id} variant="icon" />
      <EditTicketButton ticket={ticket} />
    </Box>
  );
};
