import { Box, Typography } from '@mui/material';
import type { ContractorCompany, ContractorContact } from '@portal/contract';
import {
  BooleanInput,
  maxLength,
  minValue,
  NumberInput,
  SimpleForm,
  TextInput,
  useGetList,
  useGetManyReference,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { VirtualizedSelectInput } from '../common/VirtualizedSelectInput';
import { requiredText } from '../common/validation';
import { CompanyFormToolbar } from '../contractors/CompanyFormToolbar';

// A project needs a project id and a job site; notes are capped at 500 characters.
const validateProjectId = requiredText('portal.projects.projectIdRequired');
const validateJobSite = requiredText('portal.projects.jobSiteRequired');
const validateApproved = minValue(0, 'portal.projects.approvedNotNegative');
const validateNotes = maxLength(500, 'portal.projects.notesMax');

/** The `/all` routes return every row; the dropdowns need all of them, not a page. */
const everyRow = { page: 1, perPage: Number.MAX_SAFE_INTEGER };

const contactLabel = (contact: ContractorContact) => `${contact.name} ${contact.number}`;

/** Two columns from `sm` (992 px) up, one on phones. */
const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
  width: '100%',
  maxWidth: 960,
} as const;

/**
 * The project form of /projects/{id|new}/contractor-company/{companyId}. The contact dropdowns offer the
 * company's contacts; Tickets Sold is counted from tickets and only shown.
 */
export const ProjectForm = ({ companyId, mode }: { companyId: string; mode: 'create' | 'edit' }) => {
  const translate = useTranslate();
  const { data: company } = useGetOne<ContractorCompany>('contractorCompanies', { id: Number(companyId) });
  const { data: contacts, isPending: contactsPending } = useGetManyReference<ContractorContact>(
    'contractorContacts',
    {
      target: 'contractorCompanyId',
      id: Number(companyId),
      pagination: everyRow,
      sort: { field: 'name', order: 'ASC' },
    },
  );
  const { data: materialTypes, isPending: materialTypesPending } = useGetList('materialTypes', {
    pagination: everyRow,
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SimpleForm
      toolbar={<CompanyFormToolbar companyId={companyId} />}
      defaultValues={{
        contractorCompanyId: Number(companyId),
        approved: 0,
        saltImpacted: false,
        overThreshold: false,
        isSoilFLOProject: false,
      }}
    >
      <Typography variant="subtitle1" component="p" gutterBottom>
        {translate('portal.projects.forCompany', { name: company?.name ?? '' })}
      </Typography>
      <Box sx={fieldGrid}>
        <TextInput source="projectId" autoFocus validate={validateProjectId} autoComplete="off" />
        <TextInput source="jobSite" validate={validateJobSite} autoComplete="off" />
        <VirtualizedSelectInput
          source="siteContactId"
          choices={contacts ?? []}
          isPending={contactsPending}
          optionText={contactLabel}
        />
        <VirtualizedSelectInput
          source="officeContactId"
          choices={contacts ?? []}
          isPending={contactsPending}
          optionText={contactLabel}
        />
        <VirtualizedSelectInput
          source="materialTypeId"
          choices={materialTypes ?? []}
          isPending={materialTypesPending}
          optionText="name"
        />
        <NumberInput source="approved" min={0} validate={validateApproved} />
        {mode === 'edit' && (
          <NumberInput source="ticketsSold" readOnly helperText="portal.projects.ticketsSoldHint" />
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <BooleanInput source="saltImpacted" />
        <BooleanInput source="overThreshold" />
        <BooleanInput source="isSoilFLOProject" />
      </Box>
      <TextInput source="notes" multiline minRows={3} validate={validateNotes} sx={{ maxWidth: 960 }} />
    </SimpleForm>
  );
};
