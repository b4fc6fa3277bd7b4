import type { Ticket } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import { useId } from 'react';
import { TextInput } from 'react-admin';
import { MomentInput } from '../common/DateInputs';
import { PhoneInput } from '../common/PhoneInput';
import { PlateInput, ShownValue, TicketSection, useWholeList } from './TicketInputs';

/**
 * The haulage company typed by name; the known companies are offered as suggestions. A name that matches
 * none creates the company on Save (`createTransportIfDoesNotExist: true`).
 */
const HaulageCompanyNameInput = () => {
  const listId = useId();
  const { data } = useWholeList('transportCompanies');
  return (
    <>
      <TextInput
        source="transportCompanyName"
        label="portal.tickets.fields.transportCompanyId"
        helperText="portal.tickets.short.companyHint"
        autoComplete="off"
        slotProps={{ htmlInput: { list: listId } }}
      />
      <datalist id={listId}>
        {(data ?? []).map((company) => (
          <option key={company.id} value={String(company.name)} />
        ))}
      </datalist>
    </>
  );
};

/**
 * A ticket with no full-form values gets this compact form (job site, site contact, haulage
 * company by name, plate, truck number, driver, time loaded), saved with PUT /api/ticket/edit/short.
 */
export const TicketShortFields = ({ ticket, readOnly }: { ticket: Ticket; readOnly: boolean }) => {
  const ro = readOnly ? { readOnly: true } : {};
  const phone = readOnly ? { readOnly: true, validate: undefined } : {};
  return (
    <TicketSection title="portal.tickets.sections.shortTicket">
      <ShownValue label="portal.tickets.fields.ticketNumber" value={displayTicketNumber(ticket)} />
      <TextInput source="jobSite" autoComplete="off" {...ro} />
      <TextInput source="siteContactName" autoComplete="off" {...ro} />
      <PhoneInput source="siteContactNumber" {...phone} />
      {readOnly ? (
        <TextInput
          source="transportCompanyName"
          label="portal.tickets.fields.transportCompanyId"
          readOnly
          helperText={false}
        />
      ) : (
        <HaulageCompanyNameInput />
      )}
      <PlateInput source="truckLicensePlate" {...ro} />
      <TextInput source="truckNumber" autoComplete="off" {...ro} />
      <TextInput source="truckDriverName" autoComplete="off" {...ro} />
      <PhoneInput source="truckDriverNumber" {...phone} />
      <MomentInput source="timeLoaded" {...ro} />
    </TicketSection>
  );
};
