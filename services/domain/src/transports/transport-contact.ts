import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { isStorableId, numberTooLargeMessage, optionalId } from '../catalogue/fields';
import { contactMessages, validateContactBasics } from '../contractors/contractor-contact';
import { assertValid, type FieldErrors } from '../errors';

export const TransportContactDataSchema = Type.Object({
  transportCompanyId: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
});
export type TransportContactData = Static<typeof TransportContactDataSchema>;

export const transportContacts = defineCatalogue('TransportContact', {
  label: 'Transport contact',
  streamPrefix: 'transport-contact',
  record: TransportContactDataSchema,
});

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
