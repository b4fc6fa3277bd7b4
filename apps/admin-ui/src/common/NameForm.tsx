import type { ReactNode } from 'react';
import { SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { requiredText } from './validation';

/**
 * The form of a record that is mostly its name (a material, a material type, a scale): the name, any
 * further inputs (`children`), and on edit Save and a confirmed Delete that returns to `listPath`.
 */
export const NameForm = ({
  mode,
  source,
  requiredMessage,
  listPath,
  children,
}: {
  mode: 'create' | 'edit';
  source: string;
  requiredMessage: string;
  listPath: string;
  children?: ReactNode;
}) => (
  <SimpleForm
    toolbar={
      mode === 'edit' ? (
        <Toolbar>
          <SaveButton />
          <ConfirmDeleteButton redirect={listPath} />
        </Toolbar>
      ) : undefined
    }
  >
    <TextInput source={source} autoFocus validate={requiredText(requiredMessage)} autoComplete="off" />
    {children}
  </SimpleForm>
);
