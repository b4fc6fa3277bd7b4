import { Box } from '@mui/material';
import { formattedPlatePattern, licensePlateMaxLength } from '@portal/domain';
import { BooleanInput, maxLength, TextInput, useRecordContext, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { requiredText } from '../common/validation';
import { normalisePlateInput, type Truck } from './truck';

/** The form-only switch: on, the plate must be AA99999; off, any 7 characters will do. */
const FORMATTED = 'plateFormatted';

const formattedPlate: Validator = (value, values) =>
  values?.[FORMATTED] === false || !value || formattedPlatePattern.test(String(value))
    ? undefined
    : 'portal.trucks.licensePlateFormat';

const validatePlate = [
  requiredText('portal.trucks.licensePlateRequired'),
  maxLength(licensePlateMaxLength, 'portal.trucks.licensePlateTooLong'),
  formattedPlate,
];

/**
 * The licence plate with its 'Formatted' switch. Typing is upper-cased and capped at 7 characters either way.
 * The switch starts on, except for a saved plate that is not AA99999, which would otherwise be refused as is.
 */
export const LicensePlateInput = () => {
  const truck = useRecordContext<Truck>();
  const { getValues, trigger } = useFormContext();
  const startFormatted = !truck?.licensePlate || formattedPlatePattern.test(truck.licensePlate);
  // Flipping the switch re-checks a plate already typed, so its message appears or goes at once.
  const recheckPlate = () => {
    if (getValues('licensePlate')) void trigger('licensePlate');
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 3 }}>
      <TextInput
        source="licensePlate"
        validate={validatePlate}
        parse={normalisePlateInput}
        autoComplete="off"
        fullWidth={false}
        slotProps={{
          htmlInput: { maxLength: licensePlateMaxLength, spellCheck: false, autoCapitalize: 'characters' },
        }}
      />
      <BooleanInput
        source={FORMATTED}
        label="portal.trucks.formatted"
        defaultValue={startFormatted}
        onChange={recheckPlate}
        helperText={false}
        fullWidth={false}
        sx={{ mt: 1 }}
      />
    </Box>
  );
};
