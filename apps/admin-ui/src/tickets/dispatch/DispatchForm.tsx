import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { DispatchView } from '@portal/contract';
import { useState } from 'react';
import { Form, HttpError, TextInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { PlateInput } from '../TicketInputs';
import { fieldErrorsOf } from '../useTicket';
import { type DispatchFormValues, dispatchFormValues, validateDispatchForm } from './dispatch-form';
import { TimeLoadedInput } from './TimeLoadedInput';

const label = (field: string) => `portal.tickets.fields.${field}`;

/** Full width, 48 px and taller touch targets, text a driver reads at arm's length. */
const phoneFirst = {
  display: 'flex',
  flexDirection: 'column',
  gap: 0.5,
  '& .MuiInputBase-input': { fontSize: '1.125rem' },
  '& .MuiInputBase-root': { minHeight: 56 },
  '& .MuiFormHelperText-root': { fontSize: '0.9375rem' },
} as const;

const DispatchButton = () => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
      sx={{ minHeight: 56, fontSize: '1.125rem', mt: 1 }}
    >
      {translate(isSubmitting ? 'portal.dispatch.dispatching' : 'portal.dispatch.dispatch')}
    </Button>
  );
};

/**
 * The driver's form: checked here with the server's texts, then sent;
 * the server's field errors land under the fields, any other refusal above the button.
 */
export const DispatchForm = ({
  view,
  dispatch,
  reload,
}: {
  view: DispatchView;
  dispatch: (values: DispatchFormValues) => Promise<void>;
  reload: () => Promise<void>;
}) => {
  const translate = useTranslate();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The moment the page opened: the form's default time loaded, fixed while it is filled in.
  const [openedAt] = useState(() => new Date());
  const { ticket } = view;

  const submit = async (values: Record<string, unknown>) => {
    setRefusal(null);
    try {
      await dispatch(values as unknown as DispatchFormValues);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) return fieldErrors;
      // Received (or made a SoilFLO load) since the page opened: show what the ticket now is.
      if (error instanceof HttpError && error.status === 409) await reload();
      setRefusal(error instanceof Error && error.message ? error.message : 'portal.errors.unexpected');
    }
  };

  return (
    <Form
      record={dispatchFormValues(ticket, openedAt)}
      validate={(values) => validateDispatchForm(values as DispatchFormValues, ticket)}
      onSubmit={submit}
      // The errors under the fields say it; a toast would cover the button on a phone.
      disableInvalidFormNotification
      noValidate
    >
      <Box sx={phoneFirst}>
        {/* Typed, not chosen: the link shows no company directory (issue 32); the office matches the name. */}
        <TextInput
          source="transportCompanyName"
          label={label('transportCompanyId')}
          helperText="portal.dispatch.companyHint"
          autoComplete="organization"
          fullWidth
        />
        <TextInput source="truckNumber" label={label('truckNumber')} fullWidth />
        <TextInput source="truckDriverName" label={label('truckDriverName')} autoComplete="name" fullWidth />
        <TextInput
          source="truckDriverNumber"
          label={label('truckDriverNumber')}
          helperText="portal.dispatch.driverNumberHint"
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
          fullWidth
        />
        {/* A plate the ticket has is the office's: the link never rewrites it. */}
        <PlateInput
          source="truckLicensePlate"
          label={label('truckLicensePlate')}
          fullWidth
          {...(ticket.truckLicensePlate
            ? { readOnly: true, helperText: 'portal.dispatch.plateSetByOffice' }
            : {})}
        />
        {/* A time loaded the ticket has is the office's: the page shows it above, and the link never rewrites it. */}
        {!ticket.timeLoaded && <TimeLoadedInput />}
        {refusal && (
          <Alert severity="error" role="alert">
            {translate(refusal, { _: refusal })}
          </Alert>
        )}
        <DispatchButton />
      </Box>
    </Form>
  );
};
