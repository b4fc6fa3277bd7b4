import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { TicketVariant } from './ticket';

/** A 400's messages go under their fields, which are marked touched. */
export function showServerErrors(
  form: UseFormReturn<FieldValues>,
  errors: Record<string, string>,
  variant: TicketVariant,
) {
  for (const [field, message] of Object.entries(errors)) {
    // The short form types the haulage company by name.
    const name = variant === 'short' && field === 'transportCompanyId' ? 'transportCompanyName' : field;
    form.setValue(name, form.getValues(name), { shouldTouch: true });
    form.setError(name, { type: 'server', message });
  }
}
