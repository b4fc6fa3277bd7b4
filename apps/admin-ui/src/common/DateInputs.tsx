import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { FieldTitle, InputHelperText, type InputProps, useInput, useTranslate } from 'react-admin';
import { dayInputFormat, momentInputFormat } from '../i18n/dates';

/**
 * Date inputs in the one format the portal writes dates in (en-ZA, 2025/11/21), whatever
 * the browser's locale: a native date input follows the browser (mm/dd/yyyy in en-US), so these use
 * MUI's pickers with the format fixed (issue 15, item 15). Typed digit by digit or picked from a calendar.
 */
interface PortalDateInputProps extends Omit<InputProps, 'format' | 'parse'> {
  label?: string;
  helperText?: string | false;
  readOnly?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  sx?: object;
}

const Pickers = ({ children }: { children: ReactNode }) => (
  <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>
);

/** The form's value as a day the picker shows; anything unreadable shows as empty. */
const asDayjs = (value: unknown): Dayjs | null => {
  if (typeof value !== 'string' || value === '') return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
};

function usePickerField(props: PortalDateInputProps, toFormValue: (day: Dayjs) => string) {
  const { label, helperText, readOnly, disabled, fullWidth = true, sx, ...inputProps } = props;
  const translate = useTranslate();
  const { field, fieldState, isRequired, id } = useInput({ ...inputProps, readOnly, disabled });
  const invalid = fieldState.invalid;
  return {
    value: asDayjs(field.value),
    onChange: (day: Dayjs | null) => field.onChange(day?.isValid() ? toFormValue(day) : null),
    // An incomplete entry (2026/MM/DD) stays on screen, in the picker's own state, until it is a day.
    inputRef: field.ref,
    name: field.name,
    readOnly,
    disabled,
    label: (
      <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
    ),
    slotProps: {
      textField: {
        id,
        // As react-admin's theme draws its own text inputs.
        variant: 'filled' as const,
        margin: 'dense' as const,
        size: 'small' as const,
        onBlur: field.onBlur,
        error: invalid,
        fullWidth,
        sx,
        helperText:
          helperText === false && !invalid ? undefined : (
            <InputHelperText
              error={fieldState.error?.message}
              helperText={helperText ? translate(helperText) : undefined}
            />
          ),
      },
    },
  };
}

/** A calendar day, kept in the form as YYYY-MM-DD (searches and reports send it so); `toValue` may store it otherwise. */
export const DayInput = ({
  toValue,
  ...props
}: PortalDateInputProps & { toValue?: (day: string) => string }) => {
  const picker = usePickerField(props, (day) => {
    const text = day.format('YYYY-MM-DD');
    return toValue ? toValue(text) : text;
  });
  return (
    <Pickers>
      <DatePicker format={dayInputFormat} {...picker} />
    </Pickers>
  );
};

/** A moment to the minute (time loaded, time received) in the browser's time, kept as an ISO instant. */
export const MomentInput = (props: PortalDateInputProps) => {
  const picker = usePickerField(props, (day) => day.toISOString());
  return (
    <Pickers>
      <DateTimePicker format={momentInputFormat} ampm={false} {...picker} />
    </Pickers>
  );
};
