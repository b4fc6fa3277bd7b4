import { SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { requiredText } from '../common/validation';

// A company needs a name.
const validateName = requiredText('portal.contractors.companyNameRequired');

/** The company's Name form; deleting a company is done from the /contractors table. */
export const ContractorCompanyForm = () => (
  <SimpleForm
    toolbar={
      <Toolbar>
        <SaveButton />
      </Toolbar>
    }
  >
    <TextInput source="name" autoFocus validate={validateName} autoComplete="off" />
  </SimpleForm>
);
