import { contractorCompanies, contractorContacts } from '@portal/domain';
import { catalogueProjection } from '../catalogue/catalogue-projection';

export const contractorCompaniesProjection = catalogueProjection({
  catalogue: contractorCompanies,
  table: 'contractorCompanies',
  toRow: ({ id, name }) => ({ id, name }),
});

export const contractorContactsProjection = catalogueProjection({
  catalogue: contractorContacts,
  table: 'contractorContacts',
  toRow: (record) => ({ ...record }),
});
