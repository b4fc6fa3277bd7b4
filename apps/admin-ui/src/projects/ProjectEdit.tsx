import { CompanyRecordEdit } from '../common/RecordScreens';
import { contractorCompanyPath } from '../contractors/contractor';
import { ProjectForm } from './ProjectForm';

/** /projects/{id}/contractor-company/{companyId}; Save waits for the server, then returns to the company. */
export const ProjectEdit = () => (
  <CompanyRecordEdit
    resource="projects"
    idParam="id"
    title="portal.projects.editProject"
    actions={false}
    companyPage={contractorCompanyPath}
    form={(companyId) => <ProjectForm companyId={companyId} mode="edit" />}
  />
);
