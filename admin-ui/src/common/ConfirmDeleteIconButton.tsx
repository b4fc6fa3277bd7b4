import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import {
  Confirm,
  type RaRecord,
  useDeleteController,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';

/**
 * A table row's delete icon: asks the spec's question (section 2, General behaviour), waits for the server,
 * and stays on the page. A refusal (409, e.g. still in use) comes back as an error toast with its message.
 */
export const ConfirmDeleteIconButton = ({ record: recordProp }: { record?: RaRecord }) => {
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const record = useRecordContext({ record: recordProp });
  const resource = useResourceContext();
  const getRecordRepresentation = useGetRecordRepresentation(resource);
  const queryClient = useQueryClient();
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect: false,
    mutationMode: 'pessimistic',
    mutationOptions: {
      onSettled: () => {
        setOpen(false);
        // Lists built on their own queries under the resource's key (a search, a company's records) count
        // again from the server: react-admin only takes the row out of the pages it knows (issue 15, item 7).
        void queryClient.invalidateQueries({ queryKey: [resource] });
      },
    },
  });
  if (!record) return null;
  const label = translate('ra.action.delete');
  const openConfirm = (event: MouseEvent) => {
    // Rows may be clickable; the icon must not also open the row.
    event.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} color="error" size="small" onClick={openConfirm} disabled={isPending}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="ra.message.delete_title"
        titleTranslateOptions={{
          name: translate(`resources.${resource}.name`, { smart_count: 1 }),
          recordRepresentation: getRecordRepresentation(record),
        }}
        content="portal.confirm.delete"
        onConfirm={handleDelete}
        onClose={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(false);
        }}
      />
    </>
  );
};
