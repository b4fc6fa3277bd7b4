import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Button, DialogContentText, TextField } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TitledDialog } from '../common/TitledDialog';
import { usePendingCall } from '../common/usePendingCall';
import { publicTicketUrl } from './ticket';
import { useTicketCalls } from './useTicket';

/**
 * Administrators: revoke the ticket's public link, after a confirmation saying the old link stops working.
 * On success the dialog says so and shows the new link, for when the ticket must be shared again.
 */
export const RevokePublicLinkButton = ({ ticket }: { ticket: Ticket }) => {
  const translate = useTranslate();
  const { revokeLink } = useTicketCalls(ticket);
  const [open, setOpen] = useState(false);
  const { pending, runPending } = usePendingCall();
  const [newLink, setNewLink] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setOpen(false);
    setNewLink(null);
  };

  const revoke = () =>
    runPending(async () =>
      setNewLink(publicTicketUrl(window.location.origin, ticket.id, await revokeLink())),
    );

  return (
    <>
      <Button color="warning" size="small" startIcon={<LinkOffIcon />} onClick={() => setOpen(true)}>
        {translate('portal.tickets.publicLink.revoke')}
      </Button>
      <TitledDialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        title={translate('portal.tickets.publicLink.revoke')}
        actions={
          newLink === null ? (
            <>
              <Button onClick={close} disabled={pending}>
                {translate('ra.action.cancel')}
              </Button>
              <Button color="warning" variant="contained" onClick={revoke} disabled={pending}>
                {translate('portal.tickets.publicLink.revokeConfirm')}
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={close}>
              {translate('ra.action.close')}
            </Button>
          )
        }
      >
        {newLink === null ? (
          <DialogContentText>{translate('portal.tickets.publicLink.revokeText')}</DialogContentText>
        ) : (
          <>
            <Alert severity="success" sx={{ mb: 2 }}>
              {translate('portal.tickets.publicLink.revoked')}
            </Alert>
            <TextField
              label={translate('portal.tickets.publicLink.newLink')}
              value={newLink}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
              onFocus={(event) => event.target.select()}
            />
          </>
        )}
      </TitledDialog>
    </>
  );
};
