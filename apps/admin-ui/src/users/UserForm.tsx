import { Role } from '@portal/domain';
import { PasswordInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { PhoneInput } from '../common/PhoneInput';
import { email, requiredText } from '../common/validation';
import { roleChoices } from './roles';

// The user form: its texts are the catalogue's keys for the product's words.
const validateUsername = [
  requiredText('portal.validation.usernameRequired'),
  email('portal.validation.usernameMustBeEmail'),
];
const validateNewPassword = requiredText('portal.validation.passwordRequired');
const validateRole = requiredText('portal.validation.roleRequired');
const validateFirstName = requiredText('portal.validation.firstNameRequired');
const validateLastName = requiredText('portal.validation.lastNameRequired');

const EditToolbar = () => (
  <Toolbar>
    <SaveButton />
    <ConfirmDeleteButton />
  </Toolbar>
);

/**
 * The user form of /user/new and /user/{id}. On edit the password may stay blank to keep the current one,
 * and the loaded `version` travels back with the save (see the data provider) so a stale save is refused.
 */
export const UserForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <SimpleForm
    toolbar={mode === 'edit' ? <EditToolbar /> : undefined}
    defaultValues={mode === 'create' ? { roleId: Role.Standard } : undefined}
  >
    <TextInput source="username" autoFocus validate={validateUsername} autoComplete="off" />
    <PasswordInput
      source="password"
      validate={mode === 'create' ? validateNewPassword : undefined}
      helperText={mode === 'edit' ? 'portal.users.keepPasswordHint' : undefined}
      autoComplete="new-password"
    />
    <SelectInput source="roleId" choices={roleChoices} validate={validateRole} />
    <TextInput source="firstName" validate={validateFirstName} autoComplete="off" />
    <TextInput source="lastName" validate={validateLastName} autoComplete="off" />
    <PhoneInput source="phoneNumber" label="portal.users.phoneNumber" />
  </SimpleForm>
);
