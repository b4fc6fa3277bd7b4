import type { Identifier } from 'react-admin';
import { RecordCreate } from '../common/RecordScreens';
import { ContractorCompanyForm } from './ContractorCompanyForm';
import { contractorCompanyPath } from './contractor';

/** /contractor-company/new; once saved, the company's own page opens for its projects and contacts. */
export const ContractorCompanyCreate = () => (
  <RecordCreate
    resource="contractorCompanies"
    title="portal.contractors.newCompany"
    redirect={(_resource?: string, id?: Identifier) =>
      id == null ? '/contractors' : contractorCompanyPath(id)
    }
  >
    <ContractorCompanyForm />
  </RecordCreate>
);
