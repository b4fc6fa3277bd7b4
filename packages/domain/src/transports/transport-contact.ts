import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { validateContactBasics, validateContactCompany } from '../contractors/contractor-contact';
import { assertValid, type FieldErrors } from '../errors';

export const TransportContactDataSchema = Type.Object({
  transportCompanyId: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
});
export type TransportContactData = Static<typeof TransportContactDataSchema>;

export const transportContacts = defineCatalogue('TransportContact', TransportContactDataSchema);

export function validateTransportContact(
  companyId: unknown,
  input: { name?: unknown; number?: unknown },
): TransportContactData {
  const errors: FieldErrors = {};
  const transportCompanyId = validateContactCompany(companyId, 'transportCompanyId', errors);
  const basics = validateContactBasics(input, errors);
  assertValid(errors);
  return { transportCompanyId, ...basics };
}
