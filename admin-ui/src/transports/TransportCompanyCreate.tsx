import { Create, type Identifier } from 'react-admin';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { TransportCompanyForm } from './TransportCompanyForm';
import { transportCompanyPath } from './transport';

// A new company opens on its own page, where its trucks and contacts are added.
const toCompanyPage = (_resource?: string, id?: Identifier) =>
  id == null ? '/transports' : transportCompanyPath(id);

/** /transport-company/new */
export const TransportCompanyCreate = () => {
  const onError = useNotifySaveError();
  return (
    <Create
      resource="transportCompanies"
      title="portal.transports.newCompany"
      mutationOptions={{ onError }}
      redirect={toCompanyPage}
    >
      <TransportCompanyForm mode="create" />
    </Create>
  );
};
