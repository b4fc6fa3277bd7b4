import { defineCatalogue } from '../catalogue/catalogue';
import { CompanyDataSchema, type ContractorCompanyData } from '../contractors/contractor-company';

export type TransportCompanyData = ContractorCompanyData;

export const transportCompanies = defineCatalogue('TransportCompany', {
  label: 'Transport company',
  streamPrefix: 'transport-company',
  record: CompanyDataSchema,
});
