import { Box } from '@mui/material';
import { licensePlateMaxLength } from '@portal/domain';
import { useEffect } from 'react';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PhoneInput } from '../../common/PhoneInput';
import { VirtualizedSelectInput } from '../../common/VirtualizedSelectInput';
import { normalisePlateInput } from '../../trucks/truck';
import { receiveFieldLabel, receiveGrid } from './receive-layout';
import {
  autofillFromTruck,
  type KnownTruck,
  lockedFields,
  otherCompanyTruck,
  type ReceivableTicket,
  truckWithPlate,
} from './receive-ticket';
import { useHaulageCompanies, useKnownTrucks } from './reference-data';

const plateSlotProps = {
  htmlInput: { maxLength: licensePlateMaxLength, spellCheck: false, autoCapitalize: 'characters' },
} as const;

/**
 * The licence plate: locked when the ticket has a truck; otherwise a known truck's
 * 7-character plate fills in its number, driver and company (and the ticket's truck id).
 */
const LicensePlateField = ({
  locked,
  lockedCompany,
  trucks,
  companyName,
}: {
  locked: boolean;
  /** The ticket's haulage company when it is locked: a truck of another company is refused. */
  lockedCompany: { id: number; name: string } | null;
  trucks: readonly KnownTruck[];
  companyName: (companyId: number) => string;
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const plate = useWatch({ name: 'truckLicensePlate' });
  const found = locked ? undefined : truckWithPlate(String(plate ?? ''), trucks);
  const refusal = otherCompanyTruck(found, lockedCompany, companyName);
  const truck = refusal ? undefined : found;
  const companyLocked = lockedCompany !== null;
  useEffect(() => {
    if (locked) return;
    if (!truck) {
      // A plate that is no known truck's leaves the ticket without a truck record.
      setValue('truckId', null);
      return;
    }
    for (const [field, value] of Object.entries(autofillFromTruck(truck, companyLocked))) {
      setValue(field, value, { shouldDirty: true, shouldValidate: true });
    }
  }, [locked, truck, companyLocked, setValue]);
  const helperText = locked ? (
    'portal.dashboard.receive.truckLocked'
  ) : refusal ? (
    <Box component="span" role="alert" sx={{ color: 'error.main' }}>
      {refusal}
    </Box>
  ) : (
    // Announced as it appears, so a keyboard user hears the fields were filled in.
    <Box component="span" role="status" sx={{ color: 'success.main' }}>
      {truck ? translate('portal.dashboard.receive.truckFound', { number: truck.number }) : ''}
    </Box>
  );
  return (
    <TextInput
      source="truckLicensePlate"
      label={receiveFieldLabel('truckLicensePlate')}
      parse={normalisePlateInput}
      readOnly={locked}
      helperText={helperText}
      // Receiving with another company's truck is refused here as on the server.
      validate={() => refusal}
      autoComplete="off"
      slotProps={plateSlotProps}
    />
  );
};

/** What an incomplete ticket lets the user fill in. */
export const ReceiveFields = ({ ticket }: { ticket: ReceivableTicket }) => {
  const notify = useNotify();
  const translate = useTranslate();
  const locked = lockedFields(ticket);
  const companies = useHaulageCompanies();
  const trucks = useKnownTrucks(!locked.truck);
  const loadFailed = companies.error ?? trucks.error;
  useEffect(() => {
    if (loadFailed) notify('portal.dashboard.companiesLoadFailed', { type: 'error' });
  }, [loadFailed, notify]);
  return (
    <Box sx={receiveGrid}>
      <TextInput source="jobSite" label={receiveFieldLabel('jobSite')} autoFocus autoComplete="off" />
      <TextInput source="siteContactName" label={receiveFieldLabel('siteContactName')} autoComplete="off" />
      <PhoneInput source="siteContactNumber" label={receiveFieldLabel('siteContactNumber')} />
      <VirtualizedSelectInput
        source="transportCompanyId"
        label={receiveFieldLabel('transportCompanyId')}
        choices={companies.data ?? []}
        optionText="name"
        optionValue="id"
        isPending={companies.isPending}
        readOnly={locked.transportCompany}
        helperText={
          locked.transportCompany
            ? 'portal.dashboard.receive.companyLocked'
            : ticket.givenTransportCompanyName
              ? translate('portal.dashboard.receive.driverTypedCompany', {
                  name: ticket.givenTransportCompanyName,
                })
              : undefined
        }
      />
      <LicensePlateField
        locked={locked.truck}
        lockedCompany={
          ticket.transportCompanyId != null
            ? { id: ticket.transportCompanyId, name: ticket.transportCompanyName ?? '' }
            : null
        }
        trucks={trucks.data ?? []}
        companyName={(id) => companies.data?.find((company) => company.id === id)?.name ?? `#${id}`}
      />
      <TextInput
        source="truckNumber"
        label={receiveFieldLabel('truckNumber')}
        readOnly={locked.truck}
        helperText={locked.truck ? 'portal.dashboard.receive.truckLocked' : undefined}
        autoComplete="off"
      />
      <TextInput source="truckDriverName" label={receiveFieldLabel('truckDriverName')} autoComplete="off" />
      <PhoneInput source="truckDriverNumber" label={receiveFieldLabel('truckDriverNumber')} />
    </Box>
  );
};
