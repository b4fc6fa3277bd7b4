import { Alert, type AlertProps, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A load that failed, said in an alert whose button (`retryLabel`, a message key) asks for it again. */
export const RetryAlert = ({
  retryLabel,
  onRetry,
  ...alert
}: Omit<AlertProps, 'action'> & { retryLabel: string; onRetry: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert
      {...alert}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate(retryLabel)}
        </Button>
      }
    />
  );
};
