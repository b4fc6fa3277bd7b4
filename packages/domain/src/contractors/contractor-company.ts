import { defineCatalogue } from '../catalogue/catalogue';
import { maxIndexedTextLength } from '../catalogue/fields';
import { type NamedData, NamedDataSchema, validateName } from '../catalogue/named-record';

/** A company is its name: contractor and transport companies alike. */
export type ContractorCompanyData = NamedData;

export const contractorCompanies = defineCatalogue('ContractorCompany', NamedDataSchema);

export const companyNameRequired = 'Company name is required';
export const companyNameTooLong = `Company name can be max ${maxIndexedTextLength} characters`;

/** A company needs a name (docs/rules.md, "Forms"): contractor and transport companies alike. */
export const validateCompany = (input: { name?: unknown }): ContractorCompanyData =>
  validateName(input, { required: companyNameRequired, tooLong: companyNameTooLong });
