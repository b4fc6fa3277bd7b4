import { Button, TextField } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TitledDialog } from '../common/TitledDialog';
import { usePendingCall } from '../common/usePendingCall';

/** What a particular reason dialog's caller gives it: whether it shows, what confirming with a reason and closing do. */
export type ReasonDialogOpening = {
  open: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
};

/**
 * A confirmation that asks why (Reject, Override?): the reason is required before `onConfirm` runs. The
 * dialog stays open while the call runs and closes on success; a refusal keeps it open with the reason
 * as typed. Texts are catalogue keys.
 */
export const ReasonDialog = ({
  open,
  onClose,
  onConfirm,
  title,
  explanation,
  reasonLabel,
  reasonRequired,
  confirmLabel,
  confirmColor,
}: ReasonDialogOpening & {
  title: string;
  /** What confirming does, above the reason. */
  explanation?: ReactNode;
  reasonLabel: string;
  reasonRequired: string;
  confirmLabel: string;
  confirmColor: 'error' | 'warning';
}) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);
  const { pending, runPending } = usePendingCall();
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
    // A refusal keeps the reason as typed, for another try.
    await runPending(async () => {
      await onConfirm(reason.trim());
      setReason('');
      setShowError(false);
      onClose();
    });
  };

  return (
    <TitledDialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      // Focus goes to what the page reloads with (a banner, the received ticket), not back to the button.
      disableRestoreFocus
      title={translate(title)}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={close} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" color={confirmColor} variant="contained" disabled={pending}>
            {translate(confirmLabel)}
          </Button>
        </>
      }
    >
      {explanation}
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        margin="dense"
        name="reason"
        label={translate(reasonLabel)}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onBlur={() => setShowError(blank)}
        error={showError && blank}
        helperText={showError && blank ? translate(reasonRequired) : ' '}
        required
      />
    </TitledDialog>
  );
};
