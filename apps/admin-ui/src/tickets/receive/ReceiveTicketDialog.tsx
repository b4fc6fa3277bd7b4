import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Dialog,
  DialogContent,
  IconButton,
  Toolbar,
  Typography,
} from '@mui/material';
import type { Ticket } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import { type ReactNode, useId, useState } from 'react';
import { Form, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { fieldErrorsOf } from '../../common/field-errors';
import { useNotifySaveError } from '../../common/useNotifySaveError';
import { call } from '../../dataProvider/http-client';
import { displayInstant } from '../dashboard/dashboard-ticket';
import { ReceiveFields } from './ReceiveFields';
import { receiveFieldLabel, receiveGrid } from './receive-layout';
import {
  type ReceiptSource,
  type ReceivableTicket,
  type ReceiveFormValues,
  receiveFormValues,
  receiveRequest,
} from './receive-ticket';

/** One read-only line of the ticket's summary. */
const Detail = ({ field, children }: { field: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {translate(receiveFieldLabel(field))}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minHeight: '1.5em' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
};

const TicketSummary = ({ ticket }: { ticket: ReceivableTicket }) => {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      // Phones get the summary two to a line: it is short values only.
      sx={{
        ...receiveGrid,
        gridTemplateColumns: { ...receiveGrid.gridTemplateColumns, xs: 'repeat(2, minmax(0, 1fr))' },
        rowGap: 1.5,
        m: 0,
        mb: 3,
      }}
    >
      <Detail field="ticketNumber">{displayTicketNumber(ticket)}</Detail>
      <Detail field="contractor">{ticket.contractorCompanyName}</Detail>
      <Detail field="timeLoaded">{displayInstant(ticket.timeLoaded)}</Detail>
      <Detail field="status">
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {ticket.isComplete ? (
            <CheckCircleIcon color="success" fontSize="small" />
          ) : (
            <ErrorIcon color="error" fontSize="small" />
          )}
          {translate(ticket.isComplete ? 'portal.dashboard.complete' : 'portal.dashboard.incomplete')}
        </Box>
      </Detail>
      {ticket.isComplete && (
        <>
          <Detail field="jobSite">{ticket.jobSite}</Detail>
          <Detail field="siteContactName">{ticket.siteContactName}</Detail>
          <Detail field="transportCompanyId">{ticket.transportCompanyName}</Detail>
          <Detail field="truckLicensePlate">{ticket.truckLicensePlate}</Detail>
          <Detail field="truckNumber">{ticket.truckNumber}</Detail>
          <Detail field="truckDriverName">{ticket.truckDriverName}</Detail>
        </>
      )}
    </Box>
  );
};

interface ReceiveTicketDialogProps {
  /** The ticket to receive; the dialog shows nothing without one. */
  ticket: ReceivableTicket | null | undefined;
  open: boolean;
  onClose: () => void;
  /** Called with the received ticket as the server answers it, after the success toast. */
  onReceived: (ticket: Ticket) => void;
  /** The dashboard's receipt clears the time loaded; the ticket page's keeps it. */
  source?: ReceiptSource;
}

/**
 * Receive Ticket: a full-screen dialog. A complete ticket is received as it is; an
 * incomplete one first lets the user fill in what is missing, and both go in one PUT /api/ticket/receive.
 */
export const ReceiveTicketDialog = ({
  ticket,
  open,
  onClose,
  onReceived,
  source = 'dashboard',
}: ReceiveTicketDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifySaveError = useNotifySaveError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [submitting, setSubmitting] = useState(false);
  const titleId = useId();
  const formId = useId();

  const receive = async (values: FieldValues) => {
    if (!ticket) return;
    setSubmitting(true);
    try {
      const received = await call(endpoints.putTicketReceive, {
        body: receiveRequest(ticket, values as ReceiveFormValues, source),
      });
      notify('portal.dashboard.receive.received', {
        type: 'success',
        messageArgs: { number: displayTicketNumber(received) },
      });
      onReceived(received);
    } catch (failure) {
      if (await logoutIfAccessDenied(failure)) return;
      // e.g. 409 'This ticket has already been received.', word for word from the server.
      notifySaveError(failure);
      return fieldErrorsOf(failure);
    } finally {
      setSubmitting(false);
    }
  };

  const close = () => {
    if (!submitting) onClose();
  };

  return (
    <Dialog fullScreen open={open && Boolean(ticket)} onClose={close} aria-labelledby={titleId}>
      {ticket && (
        <>
          <AppBar sx={{ position: 'relative' }}>
            <Toolbar>
              <IconButton
                edge="start"
                color="inherit"
                onClick={close}
                aria-label={translate('ra.action.close')}
              >
                <CloseIcon />
              </IconButton>
              <Typography
                id={titleId}
                variant="h6"
                component="h2"
                sx={{ ml: 2, flex: 1, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
              >
                {translate('portal.dashboard.receive.title', { number: displayTicketNumber(ticket) })}
              </Typography>
              <Button
                type="submit"
                form={formId}
                color="inherit"
                variant="outlined"
                disabled={submitting}
                autoFocus={ticket.isComplete}
              >
                {translate(
                  submitting ? 'portal.dashboard.receive.submitting' : 'portal.dashboard.receive.submit',
                )}
              </Button>
            </Toolbar>
          </AppBar>
          <DialogContent>
            <TicketSummary ticket={ticket} />
            {ticket.isComplete ? (
              <Alert severity="success">{translate('portal.dashboard.receive.completeNoEdits')}</Alert>
            ) : (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('portal.dashboard.receive.incompleteFillIn')}
              </Alert>
            )}
            {/* key: a different ticket starts from its own values, not the last one's. */}
            <Form
              key={ticket.id}
              id={formId}
              defaultValues={receiveFormValues(ticket)}
              onSubmit={receive}
              noValidate
            >
              {!ticket.isComplete && <ReceiveFields ticket={ticket} />}
            </Form>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
};
