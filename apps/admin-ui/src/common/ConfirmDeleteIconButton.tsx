import DeleteIcon from '@mui/icons-material/Delete';
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
import { IconActionButton } from './IconActionButton';

/**
 * A table row's delete icon: asks the spec's question, waits for the server,
 * and stays on the page. A refusal (409, e.g. still in use) comes back as an error toast with its message.
 */
export const ConfirmDeleteIconButton = ({ record: recordProp }: { record?: RaRecord }) => {
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const record = useRecordContext({ record: recordProp });
  const resource = useResourceContext();
  const getRecordRepresentation = useGetRecordRepresentation(resource);
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect: false,
    mutationMode: 'pessimistic',
    mutationOptions: {
      // The lists count again from the server once it has deleted (dataProvider/query-client.ts).
      onSettled: () => setOpen(false),
    },
  });
  if (!record) return null;
  return (
    <>
      <IconActionButton
        label="ra.action.delete"
        icon={<DeleteIcon fontSize="small" />}
        color="error"
        onClick={() => setOpen(true)}
        disabled={isPending}
      />
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
