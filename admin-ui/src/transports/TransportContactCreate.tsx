import { Create } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { TransportContactForm } from './TransportContactForm';
import { transportCompanyPath } from './transport';

/** /contacts/new/transport-company/{companyId}: Save returns to the company page. */
export const TransportContactCreate = () => {
  const onError = useNotifySaveError();
  const { companyId } = useParams<'companyId'>();
  if (!companyId) return null;
  return (
    <Create
      resource="transportContacts"
      title="portal.transports.newContact"
      mutationOptions={{ onError }}
      redirect={transportCompanyPath(companyId)}
    >
      <TransportContactForm mode="create" companyId={companyId} />
    </Create>
  );
};
