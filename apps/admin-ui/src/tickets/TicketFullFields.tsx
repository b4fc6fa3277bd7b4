import type { Ticket } from '@portal/contract';
import { displayTicketNumber, notesMaxLength } from '@portal/domain';
import { BooleanInput, SelectInput, TextInput, type TextInputProps } from 'react-admin';
import { MomentInput } from '../common/DateInputs';
import { PhoneInput } from '../common/PhoneInput';
import { WeightInput } from '../common/WeightInput';
import { useWeightBound } from '../common/weight-bounds';
import {
  ChoiceName,
  ContractorChoiceInput,
  ContractorInput,
  contactLabel,
  ListChoiceInput,
  PlateInput,
  ShownValue,
  TicketDayInput,
  TicketSection,
} from './TicketInputs';
import { TicketWeighingFields } from './TicketWeighingFields';
import { receivingContact, truckTypeChoices } from './ticket';
import { fullTicketValidators as v } from './ticket-validation';

/** A person's name and phone number (the site contact, the haulier's contact, the driver). */
const ContactInputs = ({
  name,
  number,
  nameRule,
  readOnly,
}: {
  name: string;
  number: string;
  nameRule?: TextInputProps['validate'];
  readOnly: boolean;
}) => (
  <>
    <TextInput
      source={name}
      validate={readOnly ? undefined : nameRule}
      autoComplete="off"
      {...(readOnly ? { readOnly: true } : {})}
    />
    <PhoneInput source={number} {...(readOnly ? { readOnly: true, validate: undefined } : {})} />
  </>
);

/**
 * The full ticket form's sections, editable or read-only. Read-only shows
 * the names the server joined in instead of dropdowns, so it makes no list calls.
 */
export const TicketFullFields = ({ ticket, readOnly }: { ticket: Ticket; readOnly: boolean }) => {
  const ro = readOnly ? { readOnly: true } : {};
  const validate = <T,>(rule: T) => (readOnly ? undefined : rule);
  const weightBound = useWeightBound('weightOrNone');
  return (
    <>
      <TicketSection title="portal.tickets.sections.ticketInfo">
        <ShownValue label="portal.tickets.fields.ticketNumber" value={displayTicketNumber(ticket)} />
        {ticket.isSoilFLOLoad && <TextInput source="soilFLOTicketId" readOnly helperText={false} />}
        <TicketDayInput source="date" validate={validate(v.date)} {...ro} />
        <MomentInput source="timeLoaded" validate={validate(v.timeLoaded)} {...ro} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.contractor">
        <ChoiceName readOnly={readOnly} source="contractorCompanyId" nameSource="contractorCompanyName">
          <ContractorInput
            validate={v.contractorCompanyId}
            dependents={['contractorOfficeContactId', 'projectId']}
          />
        </ChoiceName>
        <TextInput source="jobSite" validate={validate(v.jobSite)} autoComplete="off" {...ro} />
        <ContactInputs
          name="siteContactName"
          number="siteContactNumber"
          nameRule={v.siteContactName}
          readOnly={readOnly}
        />
        <ChoiceName
          readOnly={readOnly}
          source="contractorOfficeContactId"
          nameSource="contractorOfficeContactName"
        >
          <ContractorChoiceInput
            source="contractorOfficeContactId"
            resource="contractorContacts"
            sortField="name"
            optionText={contactLabel}
          />
        </ChoiceName>
        <ChoiceName readOnly={readOnly} source="projectId" nameSource="projectProjectId">
          <ContractorChoiceInput
            source="projectId"
            resource="projects"
            sortField="projectId"
            optionText="projectId"
          />
        </ChoiceName>
        <TextInput source="projectLeader" autoComplete="off" {...ro} />
        {/* The dense top margin the text fields have, so the switch keeps the column's spacing (issue 15, item 13). */}
        <BooleanInput source="isSaltImpacted" sx={{ mt: 1 }} {...ro} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.transport">
        <ChoiceName readOnly={readOnly} source="transportCompanyId" nameSource="transportCompanyName">
          <ListChoiceInput
            source="transportCompanyId"
            resource="transportCompanies"
            optionText="name"
            validate={v.transportCompanyId}
          />
        </ChoiceName>
        <ContactInputs name="transportContactName" number="transportContactNumber" readOnly={readOnly} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.truck">
        <TextInput source="truckNumber" autoComplete="off" {...ro} />
        <PlateInput source="truckLicensePlate" validate={validate(v.truckLicensePlate)} {...ro} />
        <ContactInputs
          name="truckDriverName"
          number="truckDriverNumber"
          nameRule={v.truckDriverName}
          readOnly={readOnly}
        />
        <ChoiceName readOnly={readOnly} source="truckTypeId" nameSource="truckTypeName">
          <SelectInput source="truckTypeId" choices={truckTypeChoices} validate={v.truckTypeId} />
        </ChoiceName>
      </TicketSection>

      <TicketSection title="portal.tickets.sections.scale">
        <ChoiceName readOnly={readOnly} source="materialTypeId" nameSource="materialTypeName">
          <ListChoiceInput source="materialTypeId" resource="materialTypes" optionText="name" />
        </ChoiceName>
        <ChoiceName readOnly={readOnly} source="materialId" nameSource="materialName">
          <ListChoiceInput source="materialId" resource="materials" optionText="name" />
        </ChoiceName>
        <WeightInput
          source="weight"
          label="portal.tickets.fields.weight"
          validate={validate([v.weight, weightBound])}
          {...ro}
        />
        <TicketWeighingFields weighing={ticket.weighing} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.receiving">
        <ShownValue label="portal.tickets.fields.receivingContact" value={receivingContact(ticket)} />
        {/* Once, where the spec's sections put it (issue 15, item 13: it was also shown read-only here). */}
        <MomentInput source="timeReceived" validate={validate(v.timeReceived)} {...ro} />
      </TicketSection>
      <TextInput
        source="notes"
        multiline
        minRows={3}
        validate={validate(v.notes)}
        slotProps={{ htmlInput: { maxLength: notesMaxLength } }}
        helperText={readOnly ? false : 'portal.tickets.notesHint'}
        {...ro}
      />
    </>
  );
};
