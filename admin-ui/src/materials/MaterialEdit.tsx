import { RecordEdit } from '../common/RecordScreens';
import { MaterialForm } from './MaterialForm';
import { MATERIALS_PATH, type MaterialKind, materialKinds } from './material';

/** /material/{id} and /material-type/{id}: the id comes from the route; Save returns to /materials. */
export const MaterialEdit = ({ kind }: { kind: MaterialKind }) => {
  const { resource, editTitle } = materialKinds[kind];
  return (
    <RecordEdit resource={resource} title={editTitle} redirect={MATERIALS_PATH}>
      <MaterialForm mode="edit" />
    </RecordEdit>
  );
};
