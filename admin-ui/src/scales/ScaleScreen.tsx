import { useParams } from 'react-router-dom';
import { NameForm } from '../common/NameForm';
import { RecordCreate, RecordEdit } from '../common/RecordScreens';
import { BridgeKeys } from './BridgeKeys';
import { SCALES_PATH } from './scale-paths';

const ScaleForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <NameForm
    mode={mode}
    source="scaleName"
    requiredMessage="portal.scales.nameRequired"
    listPath={SCALES_PATH}
  />
);

/** /scales/new, and /scales/{id} with the scale's bridge keys below its name. */
export const ScaleScreen = ({ mode }: { mode: 'create' | 'edit' }) => {
  const { id } = useParams<'id'>();
  if (mode === 'create')
    return (
      <RecordCreate
        resource="scales"
        title="portal.scales.newScale"
        redirect={(_r, _id, data) => `${SCALES_PATH}/${data?.id}`}
      >
        <ScaleForm mode="create" />
      </RecordCreate>
    );
  if (!id) return null;
  return (
    <>
      <RecordEdit resource="scales" id={id} title="portal.scales.editScale" redirect={SCALES_PATH}>
        <ScaleForm mode="edit" />
      </RecordEdit>
      <BridgeKeys scaleId={Number(id)} />
    </>
  );
};
