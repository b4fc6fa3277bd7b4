import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Button } from '@mui/material';
import type { Ticket } from '@portal/contract';
import { offersSendToDriver } from '@portal/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { IconActionButton } from '../common/IconActionButton';

// The QR code and the dialog load when first opened, not with every dashboard row.
const SendToDriverDialog = lazy(() =>
  import('./SendToDriverDialog').then((m) => ({ default: m.SendToDriverDialog })),
);

const label = 'portal.dispatch.sendToDriver.open';

/** Send to driver, for a loaded ticket the driver can still dispatch: a labelled button, or a row's icon. */
export const SendToDriverButton = ({ ticket, variant }: { ticket: Ticket; variant: 'icon' | 'button' }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!offersSendToDriver(ticket)) return null;
  return (
    <>
      {variant === 'button' ? (
        <Button size="small" startIcon={<ForwardToInboxIcon />} onClick={() => setOpen(true)}>
          {translate(label)}
        </Button>
      ) : (
        <IconActionButton
          label={label}
          icon={<ForwardToInboxIcon fontSize="small" />}
          onClick={() => setOpen(true)}
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <SendToDriverDialog ticket={ticket} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
