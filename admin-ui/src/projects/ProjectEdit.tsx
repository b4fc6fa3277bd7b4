import { Edit } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { contractorCompanyPath } from '../contractors/contractor';
import { ProjectForm } from './ProjectForm';

/** /projects/{id}/contractor-company/{companyId}; Save waits for the server, then returns to the company. */
export const ProjectEdit = () => {
  const { id = '', companyId = '' } = useParams();
  const onError = useNotifySaveError();
  return (
    <Edit
      resource="projects"
      id={id}
      title="portal.projects.editProject"
      actions={false}
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      redirect={() => contractorCompanyPath(companyId)}
    >
      <ProjectForm companyId={companyId} mode="edit" />
    </Edit>
  );
};
