import { Create, type Identifier } from 'react-admin';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { ContractorCompanyForm } from './ContractorCompanyForm';
import { contractorCompanyPath } from './contractor';

/** /contractor-company/new; once saved, the company's own page opens for its projects and contacts. */
export const ContractorCompanyCreate = () => {
  const onError = useNotifySaveError();
  return (
    <Create
      resource="contractorCompanies"
      title="portal.contractors.newCompany"
      mutationOptions={{ onError }}
      redirect={(_resource?: string, id?: Identifier) =>
        id == null ? '/contractors' : contractorCompanyPath(id)
      }
    >
      <ContractorCompanyForm />
    </Create>
  );
};
