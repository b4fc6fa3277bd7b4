import type { ContractorCompany } from '@portal/contract';
import { useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordEdit } from '../common/RecordScreens';
import { ProjectList } from '../projects/ProjectList';
import { ContractorCompanyForm } from './ContractorCompanyForm';
import { ContractorContactList } from './ContractorContactList';

const CompanyTitle = () => {
  const company = useRecordContext<ContractorCompany>();
  const translate = useTranslate();
  return <>{translate('portal.contractors.companyTitle', { name: company?.name ?? '' })}</>;
};

/**
 * /contractor-company/{id}: the Name form, then the company's projects and contacts.
 * Saves wait for the server so its field errors land on the form, and the page stays open afterwards.
 */
export const ContractorCompanyEdit = () => {
  const { id = '' } = useParams();
  return (
    <>
      <RecordEdit
        resource="contractorCompanies"
        id={id}
        title={<CompanyTitle />}
        actions={false}
        redirect={false}
      >
        <ContractorCompanyForm />
      </RecordEdit>
      <ProjectList companyId={id} />
      <ContractorContactList companyId={id} />
    </>
  );
};
