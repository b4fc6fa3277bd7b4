import {
  CreateButton,
  type Identifier,
  List,
  NumberField,
  Pagination,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { RecordTable } from '../common/RecordTable';
import { useIsPhone } from '../common/useIsPhone';
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

/** /transports: every transport company, sorted and paged in the browser (spec sections 2 and 9). */
export const TransportCompanyList = () => {
  const isPhone = useIsPhone();
  return (
    <List
      resource="transportCompanies"
      title="portal.transports.title"
      perPage={50}
      pagination={<Pagination rowsPerPageOptions={[50, 100, 150]} />}
      sort={{ field: 'id', order: 'ASC' }}
      actions={<TransportListActions />}
      exporter={false}
      empty={false}
    >
      {isPhone ? <TransportSimpleList /> : <TransportDatagrid />}
    </List>
  );
};
