import type { Scale } from '@portal/contract';
import { TextField, TopToolbar } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { RecordList } from '../common/RecordList';
import { RecordTable } from '../common/RecordTable';
import { scalePath } from './scale-paths';

/** /scales: the site's weighbridges; each one's page issues and revokes its bridge keys. */
export const ScaleList = () => (
  <RecordList
    resource="scales"
    title="portal.scales.title"
    sort={{ field: 'scaleName', order: 'ASC' }}
    actions={
      <TopToolbar>
        <AddButton to={scalePath('new')} label="portal.scales.add" />
      </TopToolbar>
    }
  >
    <RecordTable<Scale> path={scalePath} actionsLabel="portal.scales.actions">
      <TextField source="scaleName" />
    </RecordTable>
  </RecordList>
);
