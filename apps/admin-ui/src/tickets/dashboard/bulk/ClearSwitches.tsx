import { FormControl, FormGroup, FormLabel } from '@mui/material';
import { BooleanInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { clearSwitches } from './bulk-forms';

/** The Clear tab's switches; with 'All of these' on, the others are shown on and cannot be changed. */
export const ClearSwitches = () => {
  const translate = useTranslate();
  const clearAll = useWatch({ name: 'clearAll' }) === true;
  return (
    <FormControl component="fieldset" sx={{ mb: 1 }}>
      <FormLabel component="legend">{translate('portal.bulk.clear.fieldsLabel')}</FormLabel>
      <FormGroup row sx={{ columnGap: 2 }}>
        {clearSwitches.map((name) => (
          <BooleanInput
            key={name}
            source={name}
            label={`portal.bulk.clear.switches.${name}`}
            helperText={false}
            disabled={clearAll}
            format={(value: unknown) => clearAll || value === true}
          />
        ))}
        <BooleanInput source="clearAll" label="portal.bulk.clear.switches.clearAll" helperText={false} />
      </FormGroup>
    </FormControl>
  );
};
