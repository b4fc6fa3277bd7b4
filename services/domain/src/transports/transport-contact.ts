import { defineCatalogue } from '../catalogue/catalogue';
import { isStorableId, numberTooLargeMessage, optionalId } from '../catalogue/fields';
import { contactMessages, validateContactBasics } from '../contractors/contractor-contact';
import { assertValid, type FieldErrors } from '../errors';

export interface TransportContactData {
  transportCompanyId: number;
  name: string;
  number: string;
}

export const transportContacts = defineCatalogue<'TransportContact', TransportContactData>(
  'TransportContact',
  {
    label: 'Transport contact',
    streamPrefix: 'transport-contact',
  },
);

export function validateTransportContact(
  companyId: unknown,
  input: { name?: unknown; number?: unknown },
): TransportContactData {
  const errors: FieldErrors = {};
  const transportCompanyId = optionalId(companyId, 'transportCompanyId');
  if (transportCompanyId === null) errors.transportCompanyId = contactMessages.companyRequired;
  else if (!isStorableId(transportCompanyId)) errors.transportCompanyId = numberTooLargeMessage;
  const basics = validateContactBasics(input, errors);
  assertValid(errors);
  return { transportCompanyId: transportCompanyId as number, ...basics };
}
