import EditIcon from '@mui/icons-material/Edit';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, useRecordContext } from 'react-admin';
import { ConfirmDeleteIconButton } from './ConfirmDeleteIconButton';
import { IconLinkButton } from './IconLinkButton';

/**
 * A table row's actions: any extra ones first (e.g. move trucks), then edit (a link to the record's page at
 * the spec's path) and delete (after the spec's question). Put it in a WrapperField labelled 'Actions'.
 */
export const RowActions = <RecordType extends RaRecord>({
  editPath,
  children,
}: {
  editPath: (record: RecordType) => string;
  children?: ReactNode;
}) => {
  const record = useRecordContext<RecordType>();
  if (!record) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {children}
      <IconLinkButton to={editPath(record)} label="ra.action.edit" icon={<EditIcon fontSize="small" />} />
      <ConfirmDeleteIconButton />
    </Box>
  );
};
