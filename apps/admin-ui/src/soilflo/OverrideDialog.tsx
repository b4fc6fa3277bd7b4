import { DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ReasonDialog, type ReasonDialogOpening } from '../tickets/ReasonDialog';

/**
 * 'Override?' receives a SoilFLO load SoilFLO has no load for as an ordinary ticket:
 * it says so, and what it will not do (report to SoilFLO, invent a time loaded), and asks why.
 */
export const OverrideDialog = ({
  ticketNumber,
  ...opening
}: ReasonDialogOpening & { ticketNumber: number }) => {
  const translate = useTranslate();
  return (
    <ReasonDialog
      {...opening}
      title="portal.tickets.external.overrideDialog.title"
      explanation={
        <DialogContentText sx={{ mb: 1 }}>
          {translate('portal.tickets.external.overrideDialog.explanation', { number: ticketNumber })}
        </DialogContentText>
      }
      reasonLabel="portal.tickets.external.overrideDialog.reason"
      reasonRequired="portal.tickets.external.overrideDialog.reasonRequired"
      confirmLabel="portal.tickets.external.overrideDialog.confirm"
      confirmColor="warning"
    />
  );
};
