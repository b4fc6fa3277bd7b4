import EditIcon from '@mui/icons-material/Edit';
import { Box } from '@mui/material';
import type { ContractorContact } from '@portal/contract';
import { BooleanField, Datagrid, TextField, useRecordContext, WrapperField } from 'react-admin';
import { ConfirmDeleteIconButton } from '../common/ConfirmDeleteIconButton';
import { IconLinkButton } from '../common/IconLinkButton';
import { CompanyReferenceSection } from './CompanyReferenceSection';

const contactPath = (contactId: string | number, companyId: string | number) =>
  `/contacts/${contactId}/contractor-company/${companyId}`;

const ContactActions = ({ companyId }: { companyId: string }) => {
  const contact = useRecordContext<ContractorContact>();
  if (!contact) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <IconLinkButton
        to={contactPath(contact.id, companyId)}
        label="ra.action.edit"
        icon={<EditIcon fontSize="small" />}
      />
      <ConfirmDeleteIconButton />
    </Box>
  );
};

/** The Contacts table of a company page (spec section 2), from `POST /api/contractorcontact/all`. */
export const ContractorContactList = ({ companyId }: { companyId: string }) => (
  <CompanyReferenceSection
    companyId={companyId}
    reference="contractorContacts"
    sortField="name"
    title="portal.contractors.contacts"
    addLabel="portal.contractors.addContact"
    addPath={contactPath('new', companyId)}
  >
    <Datagrid rowClick={(id) => contactPath(id, companyId)} bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="contractorCompanyName" />
      <TextField source="name" />
      <TextField source="number" />
      <TextField source="email" />
      <BooleanField source="isOfficeContact" />
      <BooleanField source="isSiteContact" />
      <WrapperField label="portal.contractors.actions" textAlign="right">
        <ContactActions companyId={companyId} />
      </WrapperField>
    </Datagrid>
  </CompanyReferenceSection>
);
