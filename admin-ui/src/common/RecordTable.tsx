import type { ReactNode } from 'react';
import {
  Datagrid,
  type DatagridProps,
  type Identifier,
  type RaRecord,
  TextField,
  WrapperField,
} from 'react-admin';
import { RowActions } from './RowActions';

/**
 * A table of records as the portal's screens show them (spec section 2): a row opens the record's page at
 * `path`, the id comes first, and each row's actions last under `actionsLabel`: any `actions`, then edit
 * and delete.
 */
export const RecordTable = <RecordType extends RaRecord>({
  path,
  actionsLabel,
  actions,
  children,
  ...datagrid
}: {
  path: (id: Identifier) => string;
  actionsLabel: string;
  actions?: ReactNode;
  children: ReactNode;
} & Omit<DatagridProps<RecordType>, 'rowClick' | 'bulkActionButtons' | 'children'>) => (
  <Datagrid rowClick={path} bulkActionButtons={false} {...datagrid}>
    <TextField source="id" />
    {children}
    <WrapperField label={actionsLabel} textAlign="right">
      <RowActions<RecordType> editPath={(record) => path(record.id)}>{actions}</RowActions>
    </WrapperField>
  </Datagrid>
);
