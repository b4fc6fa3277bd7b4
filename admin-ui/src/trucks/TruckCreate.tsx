import { Create } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { transportCompanyPath } from '../transports/transport';
import { TruckForm } from './TruckForm';

/** /trucks/new/transport-company/{companyId}: Save returns to the company page. */
export const TruckCreate = () => {
  const onError = useNotifySaveError();
  const { companyId } = useParams<'companyId'>();
  if (!companyId) return null;
  return (
    <Create
      resource="trucks"
      title="portal.trucks.newTitle"
      mutationOptions={{ onError }}
      redirect={transportCompanyPath(companyId)}
    >
      <TruckForm mode="create" companyId={companyId} />
    </Create>
  );
};
