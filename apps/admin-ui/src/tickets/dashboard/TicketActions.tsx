import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Box, Button, IconButton } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { displayTicketNumber, mayReceive } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { IconLinkButton } from '../../common/IconLinkButton';
import { useNotifySaveError } from '../../common/useNotifySaveError';
import { call } from '../../dataProvider/http-client';
import { ReceiptStatusChip } from '../ReceiptStatusChip';
import { PrintRecordButton } from '../records/PrintRecordButton';
import { SendToDriverButton } from '../SendToDriverButton';
import { mayEdit, ticketLogPath, ticketPath } from '../ticket';
import { useRefreshDashboard } from './dashboard-queries';
import { haulageRecordPath, mayToggleDispatch, type TicketRow } from './dashboard-ticket';

/** What a row's actions share, made once for the whole table rather than once a row. */
export interface TicketRowActions {
  onReceive: (ticket: TicketRow) => void;
  isAdministrator: boolean;
  toggleDispatch: (ticket: Ticket) => void;
  /** The ticket whose dispatch lock is being toggled, if any. */
  togglingId: number | undefined;
}

/** PUT /api/ticket/toggle/dispatch for any row of the table: locks or unlocks a truck's dispatch. */
export function useToggleDispatch(): Pick<TicketRowActions, 'toggleDispatch' | 'togglingId'> {
  const notify = useNotify();
  const notifySaveError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const refresh = useRefreshDashboard();
  const { mutate, isPending, variables } = useMutation({
    mutationFn: (ticket: Ticket) =>
      call(endpoints.putTicketToggleDispatch, { body: { ticket: { id: ticket.id } } }),
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
  return { toggleDispatch: mutate, togglingId: isPending ? variables?.id : undefined };
}

/** The dispatch lock of a row: the icon shows isDispatched. */
const DispatchLockButton = ({ ticket, actions }: { ticket: Ticket; actions: TicketRowActions }) => {
  const translate = useTranslate();
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
      disabled={actions.togglingId === ticket.id}
      onClick={() => actions.toggleDispatch(ticket)}
    >
      {ticket.isDispatched ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
    </IconButton>
  );
};

/** Others than administrators see the edit icon of a received ticket, disabled. */
const EditTicketButton = ({ ticket, isAdministrator }: { ticket: Ticket; isAdministrator: boolean }) => {
  const translate = useTranslate();
  if (mayEdit(ticket, { isAdministrator })) {
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
const ReceiveButton = ({ ticket, actions }: { ticket: TicketRow; actions: TicketRowActions }) => {
  const translate = useTranslate();
  const number = displayTicketNumber(ticket);
  if (!ticket.isSoilFLOLoad) {
    return (
      <Button
        size="small"
        variant="contained"
        onClick={() => actions.onReceive(ticket)}
        aria-label={translate('portal.dashboard.receiveTicket', { number })}
      >
        {translate('portal.dashboard.receive.submit')}
      </Button>
    );
  }
  if (!actions.isAdministrator) return null;
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
 * A row's actions: Receive while unreceived (a rejected load's chip instead), the
 * dispatch lock for today's unreceived loads, Send to driver for loaded ones, then the ticket log, the
 * haulage record, the printable receiving record and edit.
 */
export const TicketActions = ({ actions }: { actions: TicketRowActions }) => {
  const ticket = useRecordContext<TicketRow>();
  if (!ticket) return null;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, flexWrap: 'nowrap' }}
    >
      {mayReceive(ticket) ? (
        <ReceiveButton ticket={ticket} actions={actions} />
      ) : (
        // Where Receive would be, a rejected load says why there is none (issue 34, D19).
        ticket.isRejected && <ReceiptStatusChip ticket={ticket} />
      )}
      {mayToggleDispatch(ticket, new Date()) && <DispatchLockButton ticket={ticket} actions={actions} />}
      <SendToDriverButton ticket={ticket} variant="icon" />
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
      <EditTicketButton ticket={ticket} isAdministrator={actions.isAdministrator} />
    </Box>
  );
};
