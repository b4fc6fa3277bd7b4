import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import {
  flag,
  isStorableId,
  numberTooLargeMessage,
  optionalId,
  optionalText,
  text,
} from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { Nullable } from '../schemas';
import { emailPattern, phonePattern } from '../validation';

export const ContractorContactDataSchema = Type.Object({
  contractorCompanyId: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  email: Nullable(Type.String()),
  isOfficeContact: Type.Boolean(),
  isSiteContact: Type.Boolean(),
});
export type ContractorContactData = Static<typeof ContractorContactDataSchema>;

export const contractorContacts = defineCatalogue('ContractorContact', ContractorContactDataSchema);

export const contactMessages = {
  nameRequired: 'Contact name is required',
  numberRequired: 'Contact number is required',
  phoneInvalid: 'Phone number is not valid',
  emailInvalid: 'Email is not valid',
  companyRequired: 'Please select a company',
} as const;

/** The company a contact belongs to, chosen in the form's `field`: required, and a storable id. */
export function validateContactCompany(companyId: unknown, field: string, errors: FieldErrors): number {
  const id = optionalId(companyId, field);
  if (id === null) errors[field] = contactMessages.companyRequired;
  else if (!isStorableId(id)) errors[field] = numberTooLargeMessage;
  return id as number;
}

/** Name and number of any contact (contractor and transport contacts alike; docs/rules.md, "Forms"). */
export function validateContactBasics(input: { name?: unknown; number?: unknown }, errors: FieldErrors) {
  const name = text(input.name);
  const number = text(input.number);
  if (name === '') errors.name = contactMessages.nameRequired;
  if (number === '') errors.number = contactMessages.numberRequired;
  else if (!phonePattern.test(number)) errors.number = contactMessages.phoneInvalid;
  return { name, number };
}

export function validateContractorContact(
  companyId: unknown,
  input: {
    name?: unknown;
    number?: unknown;
    email?: unknown;
    isOfficeContact?: unknown;
    isSiteContact?: unknown;
  },
): ContractorContactData {
  const errors: FieldErrors = {};
  const contractorCompanyId = validateContactCompany(companyId, 'contractorCompanyId', errors);
  const basics = validateContactBasics(input, errors);
  const email = optionalText(input.email);
  if (email !== null && !emailPattern.test(email)) errors.email = contactMessages.emailInvalid;
  assertValid(errors);
  return {
    contractorCompanyId,
    ...basics,
    email,
    isOfficeContact: flag(input.isOfficeContact),
    isSiteContact: flag(input.isSiteContact),
  };
}
