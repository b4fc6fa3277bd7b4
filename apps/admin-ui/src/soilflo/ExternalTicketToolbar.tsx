import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, CircularProgress, IconButton, Snackbar } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { RejectTicketDialog } from '../tickets/RejectTicketDialog';
import { ResetTicketDialog } from '../tickets/ResetTicketDialog';
import { showServerErrors } from '../tickets/show-server-errors';
import { TicketToolbarFrame } from '../tickets/TicketToolbarFrame';
import { mayReject, type TicketPermissions } from '../tickets/ticket';
import { useTicketCalls } from '../tickets/useTicket';
import type { ExternalAction } from './external-ticket';
import { OverrideDialog } from './OverrideDialog';
import { type MissingLoad, useExternalTicketCalls } from './useExternalTicketCalls';

/**
 * 'No SoilFLO load exists with BoL#: {number}' stays until closed or acted on (a
 * click elsewhere does not close it); after a Receive it offers 'Override?', which asks for confirmation and a reason.
 */
const MissingLoadToast = ({
  missingLoad,
  onOverride,
  onClose,
}: {
  missingLoad: MissingLoad | null;
  onOverride: () => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Snackbar
      open={missingLoad !== null}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={(theme) => ({ [theme.breakpoints.up('sm')]: { width: '40%' } })}
    >
      <Alert
        severity="error"
        variant="filled"
        sx={{ width: '100%', alignItems: 'center' }}
        action={
          <>
            {missingLoad?.mayOverride && (
              <Button color="inherit" size="small" variant="outlined" onClick={onOverride}>
                {translate('portal.tickets.external.override')}
              </Button>
            )}
            <IconButton
              color="inherit"
              size="small"
              aria-label={translate('ra.action.close')}
              onClick={onClose}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {missingLoad && translate('portal.tickets.external.noLoad', { number: missingLoad.ticketNumber })}
      </Alert>
    </Snackbar>
  );
};

/** A toolbar button that shows a spinner while its own call runs and is disabled while any does. */
const CallButton = ({
  action,
  busy,
  icon,
  label,
  onClick,
  ...props
}: {
  action: ExternalAction;
  busy: ExternalAction | null;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  variant?: 'contained';
  color?: 'success';
}) => {
  const translate = useTranslate();
  return (
    <Button
      {...props}
      startIcon={busy === action ? <CircularProgress size={18} color="inherit" aria-hidden /> : icon}
      onClick={onClick}
      disabled={busy !== null}
    >
      {translate(label)}
    </Button>
  );
};

/**
 * The SoilFLO load form's actions: administrators Save and Receive, or Reset Receive
 * once received, and Reject; everything comes from SoilFLO, so nothing on the form is typed. Others are told
 * that administrators receive these loads.
 */
export const ExternalTicketToolbar = ({
  ticket,
  permissions,
}: {
  ticket: Ticket;
  permissions: TicketPermissions;
}) => {
  const translate = useTranslate();
  const form = useFormContext();
  const showFieldErrors = useCallback(
    (errors: Record<string, string>) => showServerErrors(form, errors, 'external'),
    [form],
  );
  const calls = useExternalTicketCalls(ticket, showFieldErrors);
  const { reject } = useTicketCalls(ticket);
  const [dialog, setDialog] = useState<'resetReceive' | 'reject' | 'override' | null>(null);

  if (!permissions.isAdministrator) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('portal.tickets.external.administratorsOnly')}
      </Alert>
    );
  }

  const { busy } = calls;
  return (
    <>
      <TicketToolbarFrame>
        {ticket.isReceived && (
          <CallButton
            action="resetReceive"
            busy={busy}
            icon={<UndoIcon />}
            label="portal.tickets.resetReceive"
            onClick={() => setDialog('resetReceive')}
          />
        )}
        {mayReject(ticket, permissions) && (
          <Button
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => setDialog('reject')}
            disabled={busy !== null}
          >
            {translate('portal.tickets.reject.button')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <CallButton
          action="save"
          busy={busy}
          icon={<SaveIcon />}
          label="ra.action.save"
          onClick={calls.save}
          variant="contained"
        />
        {!ticket.isReceived && (
          <CallButton
            action="receive"
            busy={busy}
            icon={<AssignmentTurnedInIcon />}
            label="portal.tickets.receive"
            onClick={calls.receive}
            variant="contained"
            color="success"
          />
        )}
        <ResetTicketDialog
          open={dialog === 'resetReceive'}
          onClose={() => setDialog(null)}
          onResetReceipt={calls.resetReceive}
        />
        <RejectTicketDialog open={dialog === 'reject'} onClose={() => setDialog(null)} onConfirm={reject} />
      </TicketToolbarFrame>
      {/* Outside the sticky toolbar, whose stacking would keep the toast under the page. */}
      <MissingLoadToast
        missingLoad={calls.missingLoad}
        onOverride={() => setDialog('override')}
        onClose={calls.dismissMissingLoad}
      />
      <OverrideDialog
        open={dialog === 'override'}
        ticketNumber={ticket.ticketNumber}
        onClose={() => setDialog(null)}
        onConfirm={calls.override}
      />
    </>
  );
};
