import { defineCatalogue } from '../catalogue/catalogue';
import type { ContractorCompanyData } from '../contractors/contractor-company';

export type TransportCompanyData = ContractorCompanyData;

export const transportCompanies = defineCatalogue<'TransportCompany', TransportCompanyData>(
  'TransportCompany',
  {
    label: 'Transport company',
    streamPrefix: 'transport-company',
  },
);
