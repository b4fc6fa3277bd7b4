import { SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { requiredText } from '../common/validation';
import { MATERIALS_PATH } from './material';

// Spec section 5, Reference data: material and material type.
const validateName = requiredText('portal.materials.nameRequired');

const EditToolbar = () => (
  <Toolbar>
    <SaveButton />
    <ConfirmDeleteButton redirect={MATERIALS_PATH} />
  </Toolbar>
);

/** The name form of /material/{id|new} and /material-type/{id|new}. */
export const MaterialForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <SimpleForm toolbar={mode === 'edit' ? <EditToolbar /> : undefined}>
    <TextInput source="name" autoFocus validate={validateName} autoComplete="off" />
  </SimpleForm>
);
