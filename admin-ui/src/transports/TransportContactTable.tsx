import { type Theme, useMediaQuery } from '@mui/material';
import { Datagrid, type Identifier, SimpleList, TextField, WrapperField } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { RowActions } from '../common/RowActions';
import { CompanyRecordsCard } from './CompanyRecordsCard';
import { type TransportContact, transportContactPath } from './transport';

/** The company page's Contacts table (spec section 2): ID, Company, Name, Number, edit and delete. */
export const TransportContactTable = ({ companyId }: { companyId: Identifier }) => {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const contactPath = (id: Identifier) => transportContactPath(id, companyId);
  return (
    <CompanyRecordsCard
      reference="transportContacts"
      companyId={companyId}
      title="portal.transports.contactsTitle"
      action={<AddButton to={contactPath('new')} label="portal.transports.addContact" />}
    >
      {isPhone ? (
        <SimpleList<TransportContact>
          primaryText={(contact) => contact.name}
          secondaryText={(contact) => contact.number}
          rowClick={contactPath}
        />
      ) : (
        <Datagrid rowClick={contactPath} bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="transportCompanyName" />
          <TextField source="name" />
          <TextField source="number" />
          <WrapperField label="portal.transports.actions" textAlign="right">
            <RowActions<TransportContact> editPath={(contact) => contactPath(contact.id)} />
          </WrapperField>
        </Datagrid>
      )}
    </CompanyRecordsCard>
  );
};
