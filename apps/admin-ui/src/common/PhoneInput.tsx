import { TextInput, type TextInputProps, useTranslate } from 'react-admin';
import { phoneNumber } from './validation';

/** Formats whatever digits were typed as the spec's mask (###)###-####, growing as the user types. */
function maskPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)})${digits.slice(3)}`;
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const validatePhone = phoneNumber('portal.validation.phoneNotValid');

/** A phone number field with the spec's mask and pattern check; empty means no number. */
export const PhoneInput = (props: TextInputProps) => {
  const translate = useTranslate();
  return (
    <TextInput
      parse={(value: string) => maskPhone(value) || null}
      format={(value: string | null | undefined) => value ?? ''}
      validate={validatePhone}
      placeholder={translate('portal.phone.placeholder')}
      slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
      {...props}
    />
  );
};
