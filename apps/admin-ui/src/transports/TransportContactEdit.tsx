import { CompanyRecordEdit } from '../common/RecordScreens';
import { TransportContactForm } from './TransportContactForm';
import { transportCompanyPath } from './transport';

/** /contacts/{contactId}/transport-company/{companyId}: Save returns to the company page. */
export const TransportContactEdit = () => (
  <CompanyRecordEdit
    resource="transportContacts"
    idParam="contactId"
    title="portal.transports.editContact"
    companyPage={transportCompanyPath}
    form={(companyId) => <TransportContactForm mode="edit" companyId={companyId} />}
  />
);
