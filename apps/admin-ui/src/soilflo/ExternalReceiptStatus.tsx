import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorText } from '../common/error-text';
import { formatDateTime } from '../i18n/dates';
import { receiptStatusText } from './external-ticket';
import { useExternalReceipt, useResendReceipt } from './useExternalReceipt';

const formatInstant = (instant: string) => formatDateTime(new Date(instant));

/**
 * Where reporting the ticket's receipt back to SoilFLO stands, once there is one; a failed report offers
 * administrators 'Send again'. A failure to load it shows as one, not as no report.
 */
export const ExternalReceiptStatus = ({
  ticketId,
  isAdministrator,
}: {
  ticketId: number;
  isAdministrator: boolean;
}) => {
  const translate = useTranslate();
  const { data: receipt, error } = useExternalReceipt(ticketId);
  const resend = useResendReceipt(ticketId);
  if (error) {
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        {translate('portal.tickets.external.receipt.loadFailed', {
          reason: errorText(translate, error),
        })}
      </Alert>
    );
  }
  if (!receipt) return null;
  const { severity, key, args } = receiptStatusText(receipt, formatInstant);
  const sendAgain = isAdministrator && receipt.state === 'failed' && (
    <Button
      color="inherit"
      size="small"
      startIcon={resend.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('portal.tickets.external.receipt.sendAgain')}
    </Button>
  );
  return (
    <Alert
      severity={severity}
      role="status"
      action={sendAgain || undefined}
      icon={
        receipt.state === 'pending' ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined
      }
      sx={{ mb: 1 }}
    >
      {translate(key, args)}
    </Alert>
  );
};
