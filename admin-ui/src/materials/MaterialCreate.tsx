import { Create } from 'react-admin';
import { useNotifySaveError } from '../common/useNotifySaveError';
import { MaterialForm } from './MaterialForm';
import { MATERIALS_PATH, type MaterialKind, materialKinds } from './material';

/** /material/new and /material-type/new: Save returns to /materials. */
export const MaterialCreate = ({ kind }: { kind: MaterialKind }) => {
  const onError = useNotifySaveError();
  const { resource, newTitle } = materialKinds[kind];
  return (
    <Create resource={resource} title={newTitle} mutationOptions={{ onError }} redirect={MATERIALS_PATH}>
      <MaterialForm mode="create" />
    </Create>
  );
};
