import { ContractorCompanyCreate } from './ContractorCompanyCreate';
import { ContractorCompanyEdit } from './ContractorCompanyEdit';
import { ContractorContactCreate } from './ContractorContactCreate';
import { ContractorContactEdit } from './ContractorContactEdit';
import { ContractorList } from './ContractorList';

/** The contractors slice, mounted on the spec's paths in App.tsx: companies, and the contacts of each. */
export default {
  list: ContractorList,
  edit: ContractorCompanyEdit,
  create: ContractorCompanyCreate,
  contacts: { edit: ContractorContactEdit, create: ContractorContactCreate },
};
