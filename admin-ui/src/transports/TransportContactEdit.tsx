import { Edit } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { TransportContactForm } from './TransportContactForm';
import { transportCompanyPath } from './transport';

/** /contacts/{contactId}/transport-company/{companyId}: Save returns to the company page. */
export const TransportContactEdit = () => {
  const onError = useNotifySaveError();
  const { contactId, companyId } = useParams<'contactId' | 'companyId'>();
  if (!contactId || !companyId) return null;
  return (
    <Edit
      resource="transportContacts"
      id={contactId}
      title="portal.transports.editContact"
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      redirect={transportCompanyPath(companyId)}
    >
      <TransportContactForm mode="edit" companyId={companyId} />
    </Edit>
  );
};
