import { CompanyRecordCreate } from '../common/RecordScreens';
import { ContractorContactForm } from './ContractorContactForm';
import { contractorCompanyPath } from './contractor';

/** /contacts/new/contractor-company/{companyId}; Save returns to the company page. */
export const ContractorContactCreate = () => (
  <CompanyRecordCreate
    resource="contractorContacts"
    title="portal.contractors.newContact"
    companyPage={contractorCompanyPath}
    form={(companyId) => <ContractorContactForm companyId={companyId} />}
  />
);
