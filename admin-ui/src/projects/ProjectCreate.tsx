import { Create } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { contractorCompanyPath } from '../contractors/contractor';
import { ProjectForm } from './ProjectForm';

/** /projects/new/contractor-company/{companyId}; Save returns to the company page. */
export const ProjectCreate = () => {
  const { companyId = '' } = useParams();
  const onError = useNotifySaveError();
  return (
    <Create
      resource="projects"
      title="portal.projects.newProject"
      mutationOptions={{ onError }}
      redirect={() => contractorCompanyPath(companyId)}
    >
      <ProjectForm companyId={companyId} mode="create" />
    </Create>
  );
};
