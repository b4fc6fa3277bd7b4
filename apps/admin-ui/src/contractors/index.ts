import { ContractorCompanyCreate } from './ContractorCompanyCreate';
import { ContractorCompanyEdit } from './ContractorCompanyEdit';
import { contractorContactScreens } from './ContractorContactScreens';
import { ContractorList } from './ContractorList';

/** The contractors slice, mounted on the spec's paths in App.tsx: companies, and the contacts of each. */
export default {
  list: ContractorList,
  edit: ContractorCompanyEdit,
  create: ContractorCompanyCreate,
  contacts: contractorContactScreens,
};
