import { companyRecordScreens } from '../common/RecordScreens';
import { TransportContactForm } from './TransportContactForm';
import { transportCompanyPath } from './transport';

/** /contacts/{new|id}/transport-company/{companyId}. */
export const transportContactScreens = companyRecordScreens({
  resource: 'transportContacts',
  title: { create: 'portal.transports.newContact', edit: 'portal.transports.editContact' },
  companyPage: transportCompanyPath,
  Form: TransportContactForm,
});
