import { BooleanField, TextField } from 'react-admin';
import { CompanyReferenceSection } from './CompanyReferenceSection';

/** The Contacts table of a company page, from `POST /api/contractorcontact/all`. */
export const ContractorContactList = ({ companyId }: { companyId: string }) => (
  <CompanyReferenceSection
    companyId={companyId}
    reference="contractorContacts"
    sortField="name"
    title="portal.contractors.contacts"
    addLabel="portal.contractors.addContact"
    recordPath={(id) => `/contacts/${id}/contractor-company/${companyId}`}
    actionsLabel="portal.contractors.actions"
  >
    <TextField source="contractorCompanyName" />
    <TextField source="name" />
    <TextField source="number" />
    <TextField source="email" />
    <BooleanField source="isOfficeContact" />
    <BooleanField source="isSiteContact" />
  </CompanyReferenceSection>
);
