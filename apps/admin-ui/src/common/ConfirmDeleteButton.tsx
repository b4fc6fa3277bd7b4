import { DeleteButton, type DeleteButtonProps } from 'react-admin';

/** Deletes only after the spec's question (section 2, General behaviour) and the server's answer. */
export const ConfirmDeleteButton = (props: DeleteButtonProps) => (
  <DeleteButton mutationMode="pessimistic" confirmContent="portal.confirm.delete" {...props} />
);
