import { type Theme, useMediaQuery } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  type Identifier,
  List,
  NumberField,
  Pagination,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { RowActions } from '../common/RowActions';
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
  <Datagrid rowClick={companyPath} bulkActionButtons={false}>
    <TextField source="id" />
    <TextField source="name" />
    <NumberField source="truckCount" />
    <WrapperField label="portal.transports.actions" textAlign="right">
      <RowActions<TransportCompany> editPath={(company) => companyPath(company.id)}>
        <MoveTrucksButton iconOnly />
      </RowActions>
    </WrapperField>
  </Datagrid>
);

/** /transports: every transport company, sorted and paged in the browser (spec sections 2 and 9). */
export const TransportCompanyList = () => {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
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
