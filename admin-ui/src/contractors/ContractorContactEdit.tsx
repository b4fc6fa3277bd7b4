import { Edit } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { ContractorContactForm } from './ContractorContactForm';
import { contractorCompanyPath } from './contractor';

/** /contacts/{contactId}/contractor-company/{companyId}; Save waits for the server, then returns to the company. */
export const ContractorContactEdit = () => {
  const { contactId = '', companyId = '' } = useParams();
  const onError = useNotifySaveError();
  return (
    <Edit
      resource="contractorContacts"
      id={contactId}
      title="portal.contractors.editContact"
      actions={false}
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      redirect={() => contractorCompanyPath(companyId)}
    >
      <ContractorContactForm companyId={companyId} />
    </Edit>
  );
};
