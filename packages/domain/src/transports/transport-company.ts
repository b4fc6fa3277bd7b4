import { defineCatalogue } from '../catalogue/catalogue';
import { NamedDataSchema } from '../catalogue/named-record';
import type { ContractorCompanyData } from '../contractors/contractor-company';

export type TransportCompanyData = ContractorCompanyData;

// Its messages use the screens' word, haulage company, not the type's name.
export const transportCompanies = defineCatalogue('TransportCompany', NamedDataSchema, {
  label: 'Haulage company',
});
