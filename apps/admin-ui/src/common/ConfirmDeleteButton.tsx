import { DeleteButton, type DeleteButtonProps } from 'react-admin';

/** Deletes only after the spec's question and the server's answer. */
export const ConfirmDeleteButton = (props: DeleteButtonProps) => (
  <DeleteButton mutationMode="pessimistic" confirmContent="portal.confirm.delete" {...props} />
);
