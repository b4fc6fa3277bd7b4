import type { Ticket } from '@portal/contract';
import { displayTicketNumber, notesMaxLength } from '@portal/domain';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PhoneInput } from '../common/PhoneInput';
import { formatDateTime } from '../i18n/dates';
import {
  ChoiceName,
  ContractorChoiceInput,
  DayInput,
  InstantInput,
  ListChoiceInput,
  PlateInput,
  ShownValue,
  TicketSection,
} from './TicketInputs';
import { receivingContact, truckTypeChoices } from './ticket';
import { fullTicketValidators as v } from './ticket-validation';

const contactLabel = (contact: { name?: string; number?: string | null }) =>
  [contact.name, contact.number].filter(Boolean).join(' ');

/** Choosing another contractor empties the choices that belonged to the previous one. */
const ContractorInput = () => {
  const { setValue } = useFormContext();
  return (
    <ListChoiceInput
      source="contractorCompanyId"
      resource="contractorCompanies"
      optionText="name"
      validate={v.contractorCompanyId}
      onChange={() => {
        setValue('contractorOfficeContactId', null, { shouldDirty: true });
        setValue('projectId', null, { shouldDirty: true });
      }}
    />
  );
};

/** The time received as currently entered, repeated beside the receiving contact. */
const ReceivedAt = () => {
  const timeReceived = useWatch({ name: 'timeReceived' });
  return (
    <ShownValue
      label="portal.tickets.fields.timeReceived"
      value={timeReceived ? formatDateTime(new Date(timeReceived)) : ''}
    />
  );
};

/**
 * The full ticket form's sections (spec section 2, Ticket edit page), editable or read-only. Read-only shows
 * the names the server joined in instead of dropdowns, so it makes no list calls.
 */
export const TicketFullFields = ({ ticket, readOnly }: { ticket: Ticket; readOnly: boolean }) => {
  const ro = readOnly ? { readOnly: true } : {};
  const validate = <T,>(rule: T) => (readOnly ? undefined : rule);
  return (
    <>
      <TicketSection title="portal.tickets.sections.ticketInfo">
        <ShownValue label="portal.tickets.fields.ticketNumber" value={displayTicketNumber(ticket)} />
        {ticket.isSoilFLOLoad && <TextInput source="soilFLOTicketId" readOnly helperText={false} />}
        <DayInput source="date" validate={validate(v.date)} {...ro} />
        <InstantInput source="timeLoaded" validate={validate(v.timeLoaded)} {...ro} />
        <InstantInput source="timeReceived" validate={validate(v.timeReceived)} {...ro} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.contractor">
        {readOnly ? (
          <ChoiceName source="contractorCompanyId" nameSource="contractorCompanyName" />
        ) : (
          <ContractorInput />
        )}
        <TextInput source="jobSite" validate={validate(v.jobSite)} autoComplete="off" {...ro} />
        <TextInput
          source="siteContactName"
          validate={validate(v.siteContactName)}
          autoComplete="off"
          {...ro}
        />
        <PhoneInput
          source="siteContactNumber"
          {...(readOnly ? { readOnly: true, validate: undefined } : {})}
        />
        {readOnly ? (
          <ChoiceName source="contractorOfficeContactId" nameSource="contractorOfficeContactName" />
        ) : (
          <ContractorChoiceInput
            source="contractorOfficeContactId"
            resource="contractorContacts"
            sortField="name"
            optionText={contactLabel}
          />
        )}
        {readOnly ? (
          <ChoiceName source="projectId" nameSource="projectProjectId" />
        ) : (
          <ContractorChoiceInput
            source="projectId"
            resource="projects"
            sortField="projectId"
            optionText="projectId"
          />
        )}
        <TextInput source="projectLeader" autoComplete="off" {...ro} />
        <BooleanInput source="isSaltImpacted" {...ro} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.transport">
        {readOnly ? (
          <ChoiceName source="transportCompanyId" nameSource="transportCompanyName" />
        ) : (
          <ListChoiceInput
            source="transportCompanyId"
            resource="transportCompanies"
            optionText="name"
            validate={v.transportCompanyId}
          />
        )}
        <TextInput source="transportContactName" autoComplete="off" {...ro} />
        <PhoneInput
          source="transportContactNumber"
          {...(readOnly ? { readOnly: true, validate: undefined } : {})}
        />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.truck">
        <TextInput source="truckNumber" autoComplete="off" {...ro} />
        <PlateInput source="truckLicensePlate" validate={validate(v.truckLicensePlate)} {...ro} />
        <TextInput
          source="truckDriverName"
          validate={validate(v.truckDriverName)}
          autoComplete="off"
          {...ro}
        />
        <PhoneInput
          source="truckDriverNumber"
          {...(readOnly ? { readOnly: true, validate: undefined } : {})}
        />
        {readOnly ? (
          <ChoiceName source="truckTypeId" nameSource="truckTypeName" />
        ) : (
          <SelectInput source="truckTypeId" choices={truckTypeChoices} validate={v.truckTypeId} />
        )}
      </TicketSection>

      <TicketSection title="portal.tickets.sections.scale">
        {readOnly ? (
          <ChoiceName source="materialTypeId" nameSource="materialTypeName" />
        ) : (
          <ListChoiceInput source="materialTypeId" resource="materialTypes" optionText="name" />
        )}
        {readOnly ? (
          <ChoiceName source="materialId" nameSource="materialName" />
        ) : (
          <ListChoiceInput source="materialId" resource="materials" optionText="name" />
        )}
        <NumberInput source="weight" validate={validate(v.weight)} {...ro} />
      </TicketSection>

      <TicketSection title="portal.tickets.sections.receiving">
        <ShownValue label="portal.tickets.fields.receivingContact" value={receivingContact(ticket)} />
        <ReceivedAt />
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
