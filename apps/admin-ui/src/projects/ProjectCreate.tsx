import { CompanyRecordCreate } from '../common/RecordScreens';
import { contractorCompanyPath } from '../contractors/contractor';
import { ProjectForm } from './ProjectForm';

/** /projects/new/contractor-company/{companyId}; Save returns to the company page. */
export const ProjectCreate = () => (
  <CompanyRecordCreate
    resource="projects"
    title="portal.projects.newProject"
    companyPage={contractorCompanyPath}
    form={(companyId) => <ProjectForm companyId={companyId} mode="create" />}
  />
);
