import { NameForm } from '../common/NameForm';
import { MATERIALS_PATH } from './material';

/** The name form of /material/{id|new} and /material-type/{id|new}. */
export const MaterialForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <NameForm
    mode={mode}
    source="name"
    requiredMessage="portal.materials.nameRequired"
    listPath={MATERIALS_PATH}
  />
);
