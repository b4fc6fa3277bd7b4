import { TextInput, type TextInputProps } from 'react-admin';

/** A ticket number typed as text (so '12a' gets the spec's "must be a number"), on a phone's number pad. */
export const TicketNumberInput = (props: TextInputProps) => (
  <TextInput autoComplete="off" slotProps={{ htmlInput: { inputMode: 'numeric' } }} {...props} />
);
