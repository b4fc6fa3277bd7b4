import { Edit } from 'react-admin';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { MaterialForm } from './MaterialForm';
import { MATERIALS_PATH, type MaterialKind, materialKinds } from './material';

/** /material/{id} and /material-type/{id}: the id comes from the route; Save returns to /materials. */
export const MaterialEdit = ({ kind }: { kind: MaterialKind }) => {
  const onError = useNotifySaveError();
  const { resource, editTitle } = materialKinds[kind];
  return (
    <Edit
      resource={resource}
      title={editTitle}
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      redirect={MATERIALS_PATH}
    >
      <MaterialForm mode="edit" />
    </Edit>
  );
};
