import type { ContractorCompany } from '@portal/contract';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { ProjectList } from '../projects/ProjectList';
import { ContractorCompanyForm } from './ContractorCompanyForm';
import { ContractorContactList } from './ContractorContactList';

const CompanyTitle = () => {
  const company = useRecordContext<ContractorCompany>();
  const translate = useTranslate();
  return <>{translate('portal.contractors.companyTitle', { name: company?.name ?? '' })}</>;
};

/**
 * /contractor-company/{id}: the Name form, then the company's projects and contacts (spec section 2).
 * Saves wait for the server so its field errors land on the form, and the page stays open afterwards.
 */
export const ContractorCompanyEdit = () => {
  const { id = '' } = useParams();
  const onError = useNotifySaveError();
  return (
    <>
      <Edit
        resource="contractorCompanies"
        id={id}
        title={<CompanyTitle />}
        actions={false}
        mutationMode="pessimistic"
        mutationOptions={{ onError }}
        redirect={false}
      >
        <ContractorCompanyForm />
      </Edit>
      <ProjectList companyId={id} />
      <ContractorContactList companyId={id} />
    </>
  );
};
