import { contractorCompanies, contractorContacts } from '@portal/domain';
import { catalogueProjection, namedRecordProjection } from '../catalogue/catalogue-projection';

export const contractorCompaniesProjection = namedRecordProjection(
  contractorCompanies,
  'contractorCompanies',
);

export const contractorContactsProjection = catalogueProjection({
  catalogue: contractorContacts,
  table: 'contractorContacts',
});
