import { defineCatalogue } from '../catalogue/catalogue';
import { maxIndexedTextLength, text } from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';

export interface ContractorCompanyData {
  name: string;
}

export const contractorCompanies = defineCatalogue<'ContractorCompany', ContractorCompanyData>(
  'ContractorCompany',
  {
    label: 'Contractor company',
    streamPrefix: 'contractor-company',
  },
);

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
