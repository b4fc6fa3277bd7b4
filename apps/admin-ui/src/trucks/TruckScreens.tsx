import { useRecordContext, useTranslate } from 'react-admin';
import { companyRecordScreens } from '../common/RecordScreens';
import { transportCompanyPath } from '../transports/transport';
import { TruckForm } from './TruckForm';
import type { Truck } from './truck';

const TruckTitle = () => {
  const truck = useRecordContext<Truck>();
  const translate = useTranslate();
  return <>{translate('portal.trucks.editTitle', { number: truck?.number ?? '' })}</>;
};

/** /trucks/{new|id}/transport-company/{companyId}. */
export const truckScreens = companyRecordScreens({
  resource: 'trucks',
  title: { create: 'portal.trucks.newTitle', edit: <TruckTitle /> },
  companyPage: transportCompanyPath,
  Form: TruckForm,
});
