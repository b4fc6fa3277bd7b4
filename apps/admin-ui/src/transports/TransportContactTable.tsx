import { type Identifier, TextField } from 'react-admin';
import { CompanyRecordsCard } from './CompanyRecordsCard';
import { type TransportContact, transportContactPath } from './transport';

/** The company page's Contacts table: ID, Company, Name, Number, edit and delete. */
export const TransportContactTable = ({ companyId }: { companyId: Identifier }) => (
  <CompanyRecordsCard<TransportContact>
    reference="transportContacts"
    companyId={companyId}
    title="portal.transports.contactsTitle"
    addLabel="portal.transports.addContact"
    recordPath={transportContactPath}
    phoneLine={{ primaryText: (contact) => contact.name, secondaryText: (contact) => contact.number }}
  >
    <TextField source="transportCompanyName" />
    <TextField source="name" />
    <TextField source="number" />
  </CompanyRecordsCard>
);
