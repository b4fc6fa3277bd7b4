import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Datagrid,
  type DatagridProps,
  type Identifier,
  type RaRecord,
  TextField,
  useResourceContext,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { RowActions } from './RowActions';

/** An empty table in words that read ('No contacts yet.'), from the resource's catalogue entry. */
const NoRecords = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(`resources.${resource}.empty`, { _: translate('portal.noRecords') })}
    </Typography>
  );
};

/**
 * A table of records as the portal's screens show them: a row opens the record's page at
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
  <Datagrid rowClick={path} bulkActionButtons={false} empty={<NoRecords />} {...datagrid}>
    <TextField source="id" />
    {children}
    <WrapperField label={actionsLabel} textAlign="right">
      <RowActions<RecordType> editPath={(record) => path(record.id)}>{actions}</RowActions>
    </WrapperField>
  </Datagrid>
);
