import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BlockIcon from '@mui/icons-material/Block';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { endpoints, type Ticket } from '@portal/contract';
import { mayReceive } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, SourceContextProvider, type SourceContextValue, useNotify, useTranslate } from 'react-admin';
import { type FieldValues, useFormContext, useFormState } from 'react-hook-form';
import { call } from '../dataProvider/http-client';
import { ExternalTicketToolbar } from '../soilflo/ExternalTicketToolbar';
import { RejectTicketDialog } from './RejectTicketDialog';
import { ResetTicketDialog } from './ResetTicketDialog';
import { showServerErrors } from './show-server-errors';
import { TicketFullFields } from './TicketFullFields';
import { TicketShortFields } from './TicketShortFields';
import { TicketToolbarFrame } from './TicketToolbarFrame';
import {
  mayEdit,
  mayReject,
  type TicketPermissions,
  type TicketVariant,
  ticketVariant,
  toFullTicketPayload,
  toShortTicketPayload,
} from './ticket';
import { fieldErrorsOf, useTicketCalls } from './useTicket';

/** Every field's label comes from the one catalogue's `portal.tickets.fields`. */
const ticketLabels: SourceContextValue = {
  getSource: (source) => source,
  getLabel: (source) => `portal.tickets.fields.${source}`,
};

interface ToolbarProps {
  ticket: Ticket;
  variant: Exclude<TicketVariant, 'external'>;
  permissions: TicketPermissions;
}

/** Reset, Reject, Save and Receive Ticket, as the user's role and the ticket allow. */
const TicketToolbar = ({ ticket, variant, permissions }: ToolbarProps) => {
  const translate = useTranslate();
  const form = useFormContext();
  const { isDirty, isSubmitting } = useFormState();
  const calls = useTicketCalls(ticket);
  const [dialog, setDialog] = useState<'reset' | 'reject' | null>(null);
  const editable = mayEdit(ticket, permissions);
  const canResetReceipt = permissions.isAdministrator && ticket.isReceived;
  const showReceive = mayReceive(ticket) && editable;

  const submit = (receive: boolean) => {
    const send = async (values: FieldValues) => {
      const fields = variant === 'full' ? toFullTicketPayload(values) : toShortTicketPayload(values, ticket);
      try {
        await calls.save(variant, fields, {
          receive,
          createTransportIfDoesNotExist: variant === 'short',
        });
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (errors) showServerErrors(form, errors, variant);
      }
    };
    // Receive Ticket has its own rules, checked by the server: an incomplete ticket
    // can still be received, and an empty time loaded or received becomes the server's now.
    return receive ? send(form.getValues()) : form.handleSubmit(send)();
  };

  if (!editable && !mayReject(ticket, permissions)) {
    return ticket.isReceived ? (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('portal.tickets.receivedReadOnly')}
      </Alert>
    ) : null;
  }

  return (
    <TicketToolbarFrame>
      {editable && (
        <Button
          startIcon={<RestartAltIcon />}
          onClick={() => setDialog('reset')}
          disabled={isSubmitting || (!isDirty && !canResetReceipt)}
        >
          {translate('portal.tickets.reset.button')}
        </Button>
      )}
      {mayReject(ticket, permissions) && (
        <Button
          color="error"
          startIcon={<BlockIcon />}
          onClick={() => setDialog('reject')}
          disabled={isSubmitting}
        >
          {translate('portal.tickets.reject.button')}
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {editable && (
        <Button
          variant="contained"
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          onClick={() => submit(false)}
          disabled={isSubmitting}
        >
          {translate('ra.action.save')}
        </Button>
      )}
      {showReceive && (
        <Button
          variant="contained"
          color="success"
          startIcon={<AssignmentTurnedInIcon />}
          onClick={() => submit(true)}
          disabled={isSubmitting}
        >
          {translate('portal.tickets.receive')}
        </Button>
      )}
      <ResetTicketDialog
        open={dialog === 'reset'}
        onClose={() => setDialog(null)}
        onDiscardChanges={() => form.reset()}
        onResetReceipt={canResetReceipt ? calls.resetReceipt : undefined}
      />
      <RejectTicketDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        onConfirm={calls.reject}
      />
    </TicketToolbarFrame>
  );
};

/**
 * Issue 32: a haulage company the driver typed on the dispatch link that is not registered. The short form
 * starts with it, so Save adds it; on the full form one button adds it and chooses it, for the office to save.
 */
const DriverTypedCompany = ({ name, variant }: { name: string; variant: TicketVariant }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { setValue } = useFormContext();
  const [state, setState] = useState<'asked' | 'adding' | 'added'>('asked');
  const add = async () => {
    setState('adding');
    try {
      const company = await call(endpoints.transportCompanyCatalogue.create, { body: { name } });
      await queryClient.invalidateQueries({ queryKey: ['transportCompanies'] });
      setValue('transportCompanyId', company.id, { shouldDirty: true, shouldValidate: true });
      setState('added');
    } catch (error) {
      setState('asked');
      notify(error instanceof Error ? error.message : 'portal.errors.unexpected', { type: 'error' });
    }
  };
  const text = variant === 'short' ? 'short' : state === 'added' ? 'added' : 'full';
  return (
    <Alert
      severity={state === 'added' ? 'success' : 'info'}
      sx={{ mb: 2 }}
      data-testid="driver-typed-company"
      role="status"
      action={
        text === 'full' ? (
          <Button color="inherit" size="small" onClick={add} disabled={state === 'adding'}>
            {translate('portal.tickets.driverTypedCompany.add', { name })}
          </Button>
        ) : undefined
      }
    >
      {translate(`portal.tickets.driverTypedCompany.${text}`, { name })}
    </Alert>
  );
};

/**
 * The ticket's form in the variant that fits it: the full form, the short-ticket form, or the read-only
 * form of a load from the external system. The public link shows PublicTicketCard instead.
 */
export const TicketForm = ({ ticket, permissions }: { ticket: Ticket; permissions: TicketPermissions }) => {
  const variant = ticketVariant(ticket);
  const readOnly = variant === 'external' || !mayEdit(ticket, permissions);
  const typedCompany = readOnly ? null : ticket.givenTransportCompanyName;
  const record =
    typedCompany && variant === 'short' ? { ...ticket, transportCompanyName: typedCompany } : ticket;
  return (
    <Form record={record} noValidate>
      <SourceContextProvider value={ticketLabels}>
        {typedCompany && <DriverTypedCompany name={typedCompany} variant={variant} />}
        {variant === 'short' ? (
          <TicketShortFields ticket={ticket} readOnly={readOnly} />
        ) : (
          <TicketFullFields ticket={ticket} readOnly={readOnly} />
        )}
        {variant === 'external' ? (
          <ExternalTicketToolbar ticket={ticket} permissions={permissions} />
        ) : (
          <TicketToolbar ticket={ticket} variant={variant} permissions={permissions} />
        )}
      </SourceContextProvider>
    </Form>
  );
};
