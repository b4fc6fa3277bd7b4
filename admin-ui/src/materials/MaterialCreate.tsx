import { RecordCreate } from '../common/RecordScreens';
import { MaterialForm } from './MaterialForm';
import { MATERIALS_PATH, type MaterialKind, materialKinds } from './material';

/** /material/new and /material-type/new: Save returns to /materials. */
export const MaterialCreate = ({ kind }: { kind: MaterialKind }) => {
  const { resource, newTitle } = materialKinds[kind];
  return (
    <RecordCreate resource={resource} title={newTitle} redirect={MATERIALS_PATH}>
      <MaterialForm mode="create" />
    </RecordCreate>
  );
};
