import { DialogContentText, TextField } from '@mui/material';
import { endpoints } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { CancelSubmitActions } from '../common/CancelSubmitActions';
import { TitledDialog } from '../common/TitledDialog';
import { useToastedPendingCall } from '../common/usePendingCall';
import { call } from '../dataProvider/http-client';

/** The browser's local time as a datetime-local input shows it ('2026-11-28T09:15'). */
const localInputValue = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Replay from…: the webhook's events from a time the administrator picks (an hour ago to start with) are sent
 * again, in order, each marked as a replay; the receiver's own deduplication by webhook-id still holds.
 */
export const ReplayDialog = ({
  subscriptionId,
  open,
  onClose,
}: {
  subscriptionId: number;
  open: boolean;
  onClose: (replayed: boolean) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [from, setFrom] = useState(() => localInputValue(new Date(Date.now() - 3_600_000)));
  const { pending: sending, runToasted } = useToastedPendingCall();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await runToasted(async () => {
      const { replayed } = await call(endpoints.postWebhookByIdReplay, {
        params: { id: subscriptionId },
        body: { from: new Date(from).toISOString() },
      });
      notify('portal.integrations.replaying', { type: 'info', messageArgs: { smart_count: replayed } });
      onClose(true);
    });
  };

  return (
    <TitledDialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      title={translate('portal.integrations.replayTitle')}
      onSubmit={submit}
      actions={
        <CancelSubmitActions
          cancel="portal.integrations.cancel"
          submit="portal.integrations.replay"
          onCancel={() => onClose(false)}
          busy={sending}
        />
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{translate('portal.integrations.replayExplained')}</DialogContentText>
      <TextField
        type="datetime-local"
        label={translate('portal.integrations.replayFrom')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localInputValue(new Date()) } }}
      />
    </TitledDialog>
  );
};
