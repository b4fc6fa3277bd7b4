import { type Identifier, SimpleList, TextField } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { PhoneOrTable } from '../common/PhoneOrTable';
import { RecordTable } from '../common/RecordTable';
import { CompanyRecordsCard } from './CompanyRecordsCard';
import { type TransportContact, transportContactPath } from './transport';

/** The company page's Contacts table (spec section 2): ID, Company, Name, Number, edit and delete. */
export const TransportContactTable = ({ companyId }: { companyId: Identifier }) => {
  const contactPath = (id: Identifier) => transportContactPath(id, companyId);
  return (
    <CompanyRecordsCard
      reference="transportContacts"
      companyId={companyId}
      title="portal.transports.contactsTitle"
      action={<AddButton to={contactPath('new')} label="portal.transports.addContact" />}
    >
      <PhoneOrTable
        phone={
          <SimpleList<TransportContact>
            primaryText={(contact) => contact.name}
            secondaryText={(contact) => contact.number}
            rowClick={contactPath}
          />
        }
        table={
          <RecordTable<TransportContact> path={contactPath} actionsLabel="portal.transports.actions">
            <TextField source="transportCompanyName" />
            <TextField source="name" />
            <TextField source="number" />
          </RecordTable>
        }
      />
    </CompanyRecordsCard>
  );
};
