import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { rejectReasonRequired } from './ticket-validation';

/**
 * Spec section 2: Reject asks for a reason (required) before POST /api/ticket/reject. The dialog stays open
 * while the call runs and closes on success; a refusal keeps it open with the reason as typed.
 */
export const RejectTicketDialog = ({
  open,
  onClose,
  onReject,
}: {
  open: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);
  const [pending, setPending] = useState(false);
  const blank = reason.trim() === '';

  const close = () => {
    if (pending) return;
    setReason('');
    setShowError(false);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank) {
      setShowError(true);
      return;
    }
    setPending(true);
    try {
      await onReject(reason.trim());
      setReason('');
      setShowError(false);
      onClose();
    } catch {
      // The failure was toasted; the reason stays for another try.
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // Focus goes to the rejection banner the page reloads with, not back to the Reject button below it.
      disableRestoreFocus
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('portal.tickets.reject.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            name="reason"
            label={translate('portal.tickets.reject.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setShowError(blank)}
            error={showError && blank}
            helperText={showError && blank ? translate(rejectReasonRequired) : ' '}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            {translate('portal.tickets.reject.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
