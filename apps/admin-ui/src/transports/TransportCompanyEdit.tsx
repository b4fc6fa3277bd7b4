import { useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordEdit } from '../common/RecordScreens';
import { TruckTable } from '../trucks/TruckTable';
import { TransportCompanyForm } from './TransportCompanyForm';
import { TransportContactTable } from './TransportContactTable';
import type { TransportCompany } from './transport';

const TransportCompanyTitle = () => {
  const company = useRecordContext<TransportCompany>();
  const translate = useTranslate();
  return <>{translate('portal.transports.companyTitle', { name: company?.name ?? '' })}</>;
};

/**
 * /transport-company/{id}: the name form, then the company's trucks and contacts. Saving the name stays on
 * the page; the loaded `version` travels back with the save so a stale save is refused.
 */
export const TransportCompanyEdit = () => {
  const { id } = useParams<'id'>();
  if (!id) return null;
  return (
    <>
      <RecordEdit resource="transportCompanies" id={id} title={<TransportCompanyTitle />} redirect={false}>
        <TransportCompanyForm mode="edit" />
      </RecordEdit>
      <TruckTable companyId={id} />
      <TransportContactTable companyId={id} />
    </>
  );
};
