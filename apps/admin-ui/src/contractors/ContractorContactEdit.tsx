import { CompanyRecordEdit } from '../common/RecordScreens';
import { ContractorContactForm } from './ContractorContactForm';
import { contractorCompanyPath } from './contractor';

/** /contacts/{contactId}/contractor-company/{companyId}; Save waits for the server, then returns to the company. */
export const ContractorContactEdit = () => (
  <CompanyRecordEdit
    resource="contractorContacts"
    idParam="contactId"
    title="portal.contractors.editContact"
    actions={false}
    companyPage={contractorCompanyPath}
    form={(companyId) => <ContractorContactForm companyId={companyId} />}
  />
);
