import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { PhoneInput } from '../common/PhoneInput';
import { email, phoneNumber, requiredText } from '../common/validation';
import { CompanyFormToolbar } from './CompanyFormToolbar';

// A contractor contact needs a name and a number in the phone pattern.
const validateName = requiredText('portal.contractors.contactNameRequired');
const validateNumber = [
  requiredText('portal.contractors.contactNumberRequired'),
  phoneNumber('portal.validation.phoneNotValid'),
];
const validateEmail = email('portal.contractors.emailNotValid');

/** The contact form of /contacts/{id|new}/contractor-company/{companyId}. */
export const ContractorContactForm = ({ companyId }: { companyId: string }) => (
  <SimpleForm
    toolbar={<CompanyFormToolbar companyId={companyId} />}
    defaultValues={{ contractorCompanyId: Number(companyId), isOfficeContact: false, isSiteContact: false }}
  >
    <TextInput source="name" autoFocus validate={validateName} autoComplete="off" />
    <PhoneInput source="number" validate={validateNumber} />
    <TextInput source="email" type="email" validate={validateEmail} autoComplete="off" />
    <BooleanInput source="isOfficeContact" />
    <BooleanInput source="isSiteContact" />
  </SimpleForm>
);
