import { CompanyRecordCreate } from '../common/RecordScreens';
import { TransportContactForm } from './TransportContactForm';
import { transportCompanyPath } from './transport';

/** /contacts/new/transport-company/{companyId}: Save returns to the company page. */
export const TransportContactCreate = () => (
  <CompanyRecordCreate
    resource="transportContacts"
    title="portal.transports.newContact"
    companyPage={transportCompanyPath}
    form={(companyId) => <TransportContactForm mode="create" companyId={companyId} />}
  />
);
