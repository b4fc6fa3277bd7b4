import type { Identifier } from 'react-admin';
import { RecordCreate } from '../common/RecordScreens';
import { TransportCompanyForm } from './TransportCompanyForm';
import { transportCompanyPath } from './transport';

// A new company opens on its own page, where its trucks and contacts are added.
const toCompanyPage = (_resource?: string, id?: Identifier) =>
  id == null ? '/transports' : transportCompanyPath(id);

/** /transport-company/new */
export const TransportCompanyCreate = () => (
  <RecordCreate resource="transportCompanies" title="portal.transports.newCompany" redirect={toCompanyPage}>
    <TransportCompanyForm mode="create" />
  </RecordCreate>
);
