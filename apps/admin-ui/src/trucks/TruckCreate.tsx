import { CompanyRecordCreate } from '../common/RecordScreens';
import { transportCompanyPath } from '../transports/transport';
import { TruckForm } from './TruckForm';

/** /trucks/new/transport-company/{companyId}: Save returns to the company page. */
export const TruckCreate = () => (
  <CompanyRecordCreate
    resource="trucks"
    title="portal.trucks.newTitle"
    companyPage={transportCompanyPath}
    form={(companyId) => <TruckForm mode="create" companyId={companyId} />}
  />
);
