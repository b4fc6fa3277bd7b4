import { RecordCreate, RecordEdit } from '../common/RecordScreens';
import { MaterialForm } from './MaterialForm';
import { MATERIALS_PATH, type MaterialKind, materialKinds } from './material';

/**
 * /material/new and /material-type/new (create), /material/{id} and /material-type/{id} (edit, the id from
 * the route): Save returns to /materials.
 */
export const MaterialScreen = ({ kind, mode }: { kind: MaterialKind; mode: 'create' | 'edit' }) => {
  const { resource, newTitle, editTitle } = materialKinds[kind];
  const Screen = mode === 'create' ? RecordCreate : RecordEdit;
  return (
    <Screen resource={resource} title={mode === 'create' ? newTitle : editTitle} redirect={MATERIALS_PATH}>
      <MaterialForm mode={mode} />
    </Screen>
  );
};
