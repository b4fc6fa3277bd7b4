import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { transportCompanyPath } from '../transports/transport';
import { TruckForm } from './TruckForm';
import type { Truck } from './truck';

const TruckTitle = () => {
  const truck = useRecordContext<Truck>();
  const translate = useTranslate();
  return <>{translate('portal.trucks.editTitle', { number: truck?.number ?? '' })}</>;
};

/** /trucks/{truckId}/transport-company/{companyId}: Save returns to the company page. */
export const TruckEdit = () => {
  const onError = useNotifySaveError();
  const { truckId, companyId } = useParams<'truckId' | 'companyId'>();
  if (!truckId || !companyId) return null;
  return (
    <Edit
      resource="trucks"
      id={truckId}
      title={<TruckTitle />}
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      redirect={transportCompanyPath(companyId)}
    >
      <TruckForm mode="edit" companyId={companyId} />
    </Edit>
  );
};
