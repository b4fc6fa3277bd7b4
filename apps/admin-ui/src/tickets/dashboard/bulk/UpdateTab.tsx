import EditNoteIcon from '@mui/icons-material/EditNote';
import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { currentSession } from '../../../session';
import { ContractorChoiceInput, ContractorInput, contactLabel, ListChoiceInput } from '../../TicketInputs';
import { truckTypeChoices } from '../../ticket';
import { BulkEditTab } from './BulkEditTab';
import { BulkRangeInputs, FieldGrid } from './BulkParts';
import { type BulkUpdateBody, bulkUpdateBody, updatesSomething } from './bulk-forms';
import { ProjectFill } from './ProjectFill';

const updateDefaults = {
  from: '',
  to: '',
  contractorCompanyId: null,
  projectId: null,
  jobSite: '',
  contractorOfficeContactId: null,
  siteContactId: null,
  truckTypeId: null,
  materialTypeId: null,
  isSaltImpacted: false,
  forceUpdate: false,
};

/**
 * The Update tab: a from number, an optional to number, and the fields to set (empty ones are left as
 * they are). The check lists conflicts (fields already holding other values); Force Update overwrites them.
 */
export const UpdateTab = ({ onFinished }: { onFinished: () => void }) => {
  const userId = currentSession()?.userId;
  return (
    <BulkEditTab<BulkUpdateBody>
      kind="update"
      intro="portal.bulk.update.intro"
      defaultValues={updateDefaults}
      bodyOf={(values) => {
        const body = bulkUpdateBody(values, userId);
        return updatesSomething(body) ? { body } : { nothing: 'portal.bulk.update.nothingToUpdate' };
      }}
      checkBodyOf={(body) => ({ ...body, forceUpdate: false })}
      forceUpdateOf={(body) => body.forceUpdate}
      submitLabel="portal.bulk.update.submit"
      submitIcon={<EditNoteIcon />}
      onFinished={onFinished}
    >
      <ProjectFill />
      <FieldGrid>
        <BulkRangeInputs />
        <ContractorInput
          label="portal.bulk.update.fields.contractorCompanyId"
          dependents={['projectId', 'contractorOfficeContactId', 'siteContactId']}
        />
        <ContractorChoiceInput
          source="projectId"
          resource="projects"
          sortField="projectId"
          optionText="projectId"
          label="portal.bulk.update.fields.projectId"
        />
        <TextInput source="jobSite" label="portal.bulk.update.fields.jobSite" autoComplete="off" />
        <ContractorChoiceInput
          source="contractorOfficeContactId"
          resource="contractorContacts"
          sortField="name"
          optionText={contactLabel}
          label="portal.bulk.update.fields.contractorOfficeContactId"
        />
        <ContractorChoiceInput
          source="siteContactId"
          resource="contractorContacts"
          sortField="name"
          optionText={contactLabel}
          label="portal.bulk.update.fields.siteContactId"
        />
        <SelectInput
          source="truckTypeId"
          choices={truckTypeChoices}
          label="portal.bulk.update.fields.truckTypeId"
        />
        <ListChoiceInput
          source="materialTypeId"
          resource="materialTypes"
          optionText="name"
          label="portal.bulk.update.fields.materialTypeId"
        />
        <BooleanInput
          source="isSaltImpacted"
          label="portal.bulk.update.fields.isSaltImpacted"
          sx={{ pt: 1 }}
        />
        <BooleanInput
          source="forceUpdate"
          label="portal.bulk.update.forceUpdate"
          helperText="portal.bulk.update.forceUpdateHint"
          sx={{ pt: 1 }}
        />
      </FieldGrid>
    </BulkEditTab>
  );
};
