import { type Identifier, SimpleForm, TextInput } from 'react-admin';
import { PhoneInput } from '../common/PhoneInput';
import { phoneNumber, requiredText } from '../common/validation';
import { CompanyRecordToolbar } from './CompanyRecordToolbar';

// A contact needs a name and a number in the phone pattern.
const validateName = requiredText('portal.transports.contactNameRequired');
const validateNumber = [
  requiredText('portal.transports.contactNumberRequired'),
  phoneNumber('portal.validation.phoneNotValid'),
];

/** The contact form of /contacts/{new|id}/transport-company/{companyId}. */
export const TransportContactForm = ({
  mode,
  companyId,
}: {
  mode: 'create' | 'edit';
  companyId: Identifier;
}) => (
  <SimpleForm
    toolbar={<CompanyRecordToolbar companyId={companyId} mode={mode} />}
    defaultValues={mode === 'create' ? { transportCompanyId: Number(companyId) } : undefined}
  >
    <TextInput source="name" autoFocus validate={validateName} autoComplete="off" />
    <PhoneInput source="number" validate={validateNumber} />
  </SimpleForm>
);
