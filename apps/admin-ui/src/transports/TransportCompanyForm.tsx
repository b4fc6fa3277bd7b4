import { Box } from '@mui/material';
import { SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { requiredText } from '../common/validation';
import { MoveTrucksButton } from './MoveTrucksButton';

// A company needs a name.
const validateName = requiredText('portal.transports.companyNameRequired');

const EditToolbar = () => (
  <Toolbar>
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <SaveButton />
      <MoveTrucksButton />
    </Box>
    <ConfirmDeleteButton redirect="/transports" />
  </Toolbar>
);

/** The name form of /transport-company/new and /transport-company/{id}. */
export const TransportCompanyForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <SimpleForm toolbar={mode === 'edit' ? <EditToolbar /> : undefined}>
    <TextInput source="name" autoFocus={mode === 'create'} validate={validateName} autoComplete="off" />
  </SimpleForm>
);
