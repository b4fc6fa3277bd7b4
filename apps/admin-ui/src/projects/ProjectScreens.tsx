import { companyRecordScreens } from '../common/RecordScreens';
import { contractorCompanyPath } from '../contractors/contractor';
import { ProjectForm } from './ProjectForm';

/** /projects/{new|id}/contractor-company/{companyId}. */
export const projectScreens = companyRecordScreens({
  resource: 'projects',
  title: { create: 'portal.projects.newProject', edit: 'portal.projects.editProject' },
  companyPage: contractorCompanyPath,
  Form: ProjectForm,
});
