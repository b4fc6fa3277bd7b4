import {
  CreateButton,
  type Identifier,
  NumberField,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { PhoneOrTable } from '../common/PhoneOrTable';
import { RecordList } from '../common/RecordList';
import { RecordTable } from '../common/RecordTable';
import { ExportTransportsButton } from './ExportTransportsButton';
import { MoveTrucksButton } from './MoveTrucksButton';
import { type TransportCompany, transportCompanyPath } from './transport';

const TransportListActions = () => (
  <TopToolbar>
    <CreateButton to="/transport-company/new" label="portal.transports.add" />
    <ExportTransportsButton />
  </TopToolbar>
);

const companyPath = (id: Identifier) => transportCompanyPath(id);

/** Phones (991 px or less) get one line per company; move trucks and delete are on the company's page there. */
const TransportSimpleList = () => {
  const translate = useTranslate();
  return (
    <SimpleList<TransportCompany>
      primaryText={(company) => company.name}
      secondaryText={(company) =>
        translate('portal.transports.truckCount', { smart_count: company.truckCount })
      }
      rowClick={companyPath}
    />
  );
};

const TransportDatagrid = () => (
  <RecordTable<TransportCompany>
    path={companyPath}
    actionsLabel="portal.transports.actions"
    actions={<MoveTrucksButton iconOnly />}
  >
    <TextField source="name" />
    <NumberField source="truckCount" />
  </RecordTable>
);

/** /transports: every transport company, sorted and paged in the browser. */
export const TransportCompanyList = () => (
  <RecordList
    resource="transportCompanies"
    title="portal.transports.title"
    sort={{ field: 'id', order: 'ASC' }}
    actions={<TransportListActions />}
  >
    <PhoneOrTable phone={<TransportSimpleList />} table={<TransportDatagrid />} />
  </RecordList>
);
