import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogContentText,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { displayTicketNumber, driverLinkText, truckDispatchPath } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../common/copy-text';
import { errorText } from '../common/error-text';
import { TitledDialog } from '../common/TitledDialog';
import { call } from '../dataProvider/http-client';
import { fieldErrorsOf } from './useTicket';

type DriverTicket = Pick<Ticket, 'id' | 'prefix' | 'ticketNumber' | 'jobSite'>;

const key = (name: string) => `portal.dispatch.sendToDriver.${name}`;

/** The dispatch link, built from the ticket's public-link hash (asked for afresh: a revoked link changes it). */
const useDispatchLink = (id: number) =>
  useQuery({
    queryKey: ['tickets', id, 'hash'],
    queryFn: () => call(endpoints.getTicketByIdHash, { params: { id: Number(id) } }),
    select: ({ hash }) => `${window.location.origin}${truckDispatchPath(id, hash)}`,
    staleTime: 0,
    retry: false,
  });

/** A read-only text and its copy button: the text stays selectable for a copy by hand. */
const CopyableText = ({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () =>
    copyText(value).then(
      () => notify(key('copied'), { type: 'info' }),
      () => notify(key('copyFailed'), { type: 'warning' }),
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        label={translate(label)}
        value={value}
        multiline
        fullWidth
        size="small"
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={copy}
        sx={{ whiteSpace: 'nowrap', minHeight: 40, flexShrink: 0 }}
      >
        {translate(copyLabel)}
      </Button>
    </Box>
  );
};

/** E-mail the link: the server builds and queues the mail; its refusal shows under the address. */
const MailLinkForm = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const [to, setTo] = useState('');
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setRefusal(null);
    setSentTo(null);
    try {
      const sent = await call(endpoints.postTicketByIdDispatchLinkMail, {
        params: { id: Number(id) },
        body: { to },
      });
      setSentTo(sent.to);
    } catch (error) {
      setRefusal(fieldErrorsOf(error)?.to ?? errorText(translate, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" onSubmit={send} noValidate>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={translate(key('email'))}
          type="email"
          autoComplete="email"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={refusal !== null}
          helperText={refusal ?? ' '}
          fullWidth
          size="small"
        />
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}
          sx={{ whiteSpace: 'nowrap', minHeight: 40, flexShrink: 0 }}
        >
          {translate(key('sendEmail'))}
        </Button>
      </Box>
      {sentTo && (
        // On a phone the dialog scrolls: the confirmation comes into view.
        <Alert severity="success" role="status" ref={(alert) => alert?.scrollIntoView({ block: 'nearest' })}>
          {translate(key('emailSent'), { to: sentTo })}
        </Alert>
      )}
    </Box>
  );
};

/**
 * Send to driver: the Truck Dispatch link as a QR code to show the driver on screen, copyable, as text to
 * paste into an SMS, or mailed. A full screen on a phone.
 */
export const SendToDriverDialog = ({ ticket, onClose }: { ticket: DriverTicket; onClose(): void }) => {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data: link, error } = useDispatchLink(ticket.id);
  const number = displayTicketNumber(ticket);
  return (
    <TitledDialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      // Inside a table row: the row must not take the dialog's clicks as its own.
      onClick={(event) => event.stopPropagation()}
      title={translate(key('title'), { number })}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={<Button onClick={onClose}>{translate('ra.action.close')}</Button>}
    >
      <DialogContentText>{translate(key('explained'))}</DialogContentText>
      {error ? (
        <Alert severity="error">{errorText(translate, error)}</Alert>
      ) : !link ? (
        <Typography role="status">{translate('portal.tickets.loading')}</Typography>
      ) : (
        <>
          <Box component="figure" sx={{ m: 0, alignSelf: 'center', textAlign: 'center' }}>
            <QRCodeSVG
              value={link}
              title={translate(key('qr'), { number })}
              size={220}
              marginSize={4}
              level="M"
              bgColor="#FFFFFF"
              fgColor="#000000"
            />
            <Typography component="figcaption" variant="body2" color="text.secondary">
              {translate(key('qrCaption'))}
            </Typography>
          </Box>
          <CopyableText label={key('link')} value={link} copyLabel={key('copyLink')} />
          <CopyableText
            label={key('smsText')}
            value={driverLinkText(ticket, link)}
            copyLabel={key('copySmsText')}
          />
          <MailLinkForm id={ticket.id} />
        </>
      )}
    </TitledDialog>
  );
};
