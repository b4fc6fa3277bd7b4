import { Button, DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TitledDialog } from '../common/TitledDialog';
import { usePendingCall } from '../common/usePendingCall';

/**
 * 'Reset Ticket?' discards unsaved changes and reverts the form to the loaded ticket.
 * With `onResetReceipt` (an administrator on a received ticket) it also offers to un-receive the ticket.
 */
export const ResetTicketDialog = ({
  open,
  onClose,
  onDiscardChanges,
  onResetReceipt,
}: {
  open: boolean;
  onClose: () => void;
  onDiscardChanges?: () => void;
  onResetReceipt?: () => Promise<void>;
}) => {
  const translate = useTranslate();
  const { pending, runPending } = usePendingCall();

  const resetReceipt = async () => {
    if (!onResetReceipt) return;
    await runPending(async () => {
      await onResetReceipt();
      onClose();
    });
  };

  return (
    <TitledDialog
      open={open}
      onClose={pending ? undefined : onClose}
      title={translate('portal.tickets.reset.title')}
      actions={
        <>
          <Button onClick={onClose} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          {onDiscardChanges && (
            <Button
              onClick={() => {
                onDiscardChanges();
                onClose();
              }}
              disabled={pending}
            >
              {translate('portal.tickets.reset.discard')}
            </Button>
          )}
          {onResetReceipt && (
            <Button color="warning" variant="contained" onClick={resetReceipt} disabled={pending}>
              {translate('portal.tickets.reset.resetReceipt')}
            </Button>
          )}
        </>
      }
    >
      {onDiscardChanges && (
        <DialogContentText gutterBottom>{translate('portal.tickets.reset.discardText')}</DialogContentText>
      )}
      {onResetReceipt && (
        <DialogContentText>
          {translate(
            onDiscardChanges ? 'portal.tickets.reset.receiptText' : 'portal.tickets.reset.receiptOnlyText',
          )}
        </DialogContentText>
      )}
    </TitledDialog>
  );
};
