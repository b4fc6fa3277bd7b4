import { Typography } from '@mui/material';
import type { Material } from '@portal/contract';
import { TextField, TopToolbar, useTranslate } from 'react-admin';
import { AddButton } from '../common/AddButton';
import { RecordList } from '../common/RecordList';
import { RecordTable } from '../common/RecordTable';
import { type MaterialKind, materialKinds } from './material';

/**
 * One of the two lists of /materials. Two lists share the page, so neither keeps its sort or page in the
 * address bar or the store; each pages in the browser 50 at a time like every other table.
 */
export const MaterialList = ({ kind }: { kind: MaterialKind }) => {
  const translate = useTranslate();
  const { resource, path, title } = materialKinds[kind];
  const headingId = `${resource}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate(title)}
      </Typography>
      <RecordList
        resource={resource}
        title={false}
        disableSyncWithLocation
        storeKey={false}
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          <TopToolbar>
            <AddButton to={path('new')} label="portal.materials.add" />
          </TopToolbar>
        }
      >
        <RecordTable<Material> path={path} actionsLabel="portal.materials.actions">
          <TextField source="name" />
        </RecordTable>
      </RecordList>
    </section>
  );
};
