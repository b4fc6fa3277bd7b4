import { defineCatalogue } from '../catalogue/catalogue';
import { NamedDataSchema } from '../catalogue/named-record';
import type { ContractorCompanyData } from '../contractors/contractor-company';

export type TransportCompanyData = ContractorCompanyData;

export const transportCompanies = defineCatalogue('TransportCompany', {
  label: 'Haulage company',
  streamPrefix: 'transport-company',
  record: NamedDataSchema,
});
