import { companyRecordScreens } from '../common/RecordScreens';
import { ContractorContactForm } from './ContractorContactForm';
import { contractorCompanyPath } from './contractor';

/** /contacts/{new|id}/contractor-company/{companyId}. */
export const contractorContactScreens = companyRecordScreens({
  resource: 'contractorContacts',
  title: { create: 'portal.contractors.newContact', edit: 'portal.contractors.editContact' },
  companyPage: contractorCompanyPath,
  Form: ContractorContactForm,
});
