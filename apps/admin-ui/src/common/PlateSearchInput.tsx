import { licensePlateMaxLength } from '@portal/domain';
import { TextInput } from 'react-admin';
import { normalisePlateInput } from '../trucks/truck';

/** A licence plate to search or filter by: capitals without spaces, as plates are kept, at most 7 characters. */
export const PlateSearchInput = ({ label }: { label: string }) => (
  <TextInput
    source="truckLicensePlate"
    label={label}
    parse={normalisePlateInput}
    autoComplete="off"
    slotProps={{
      htmlInput: { maxLength: licensePlateMaxLength, spellCheck: false, autoCapitalize: 'characters' },
    }}
  />
);
