import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue } from '../catalogue/catalogue';
import { maxIndexedTextLength, text } from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';

/** A company is its name: contractor and transport companies alike. */
export const CompanyDataSchema = Type.Object({ name: Type.String() });
export type ContractorCompanyData = Static<typeof CompanyDataSchema>;

export const contractorCompanies = defineCatalogue('ContractorCompany', {
  label: 'Contractor company',
  streamPrefix: 'contractor-company',
  record: CompanyDataSchema,
});

export const companyNameRequired = 'Company name is required';
export const companyNameTooLong = `Company name can be max ${maxIndexedTextLength} characters`;

/** Spec section 5, Reference data: contractor and transport companies. */
export function validateCompany(input: { name?: unknown }): ContractorCompanyData {
  const name = text(input.name);
  const errors: FieldErrors = {};
  if (name === '') errors.name = companyNameRequired;
  else if (name.length > maxIndexedTextLength) errors.name = companyNameTooLong;
  assertValid(errors);
  return { name };
}
