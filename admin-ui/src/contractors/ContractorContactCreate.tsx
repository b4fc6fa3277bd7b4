import { Create } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { ContractorContactForm } from './ContractorContactForm';
import { contractorCompanyPath } from './contractor';

/** /contacts/new/contractor-company/{companyId}; Save returns to the company page. */
export const ContractorContactCreate = () => {
  const { companyId = '' } = useParams();
  const onError = useNotifySaveError();
  return (
    <Create
      resource="contractorContacts"
      title="portal.contractors.newContact"
      mutationOptions={{ onError }}
      redirect={() => contractorCompanyPath(companyId)}
    >
      <ContractorContactForm companyId={companyId} />
    </Create>
  );
};
