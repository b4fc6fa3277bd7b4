import { useRecordContext, useTranslate } from 'react-admin';
import { CompanyRecordEdit } from '../common/RecordScreens';
import { transportCompanyPath } from '../transports/transport';
import { TruckForm } from './TruckForm';
import type { Truck } from './truck';

const TruckTitle = () => {
  const truck = useRecordContext<Truck>();
  const translate = useTranslate();
  return <>{translate('portal.trucks.editTitle', { number: truck?.number ?? '' })}</>;
};

/** /trucks/{truckId}/transport-company/{companyId}: Save returns to the company page. */
export const TruckEdit = () => (
  <CompanyRecordEdit
    resource="trucks"
    idParam="truckId"
    title={<TruckTitle />}
    companyPage={transportCompanyPath}
    form={(companyId) => <TruckForm mode="edit" companyId={companyId} />}
  />
);
