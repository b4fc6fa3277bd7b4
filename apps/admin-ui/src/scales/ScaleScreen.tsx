import { defaultMinimumWeightDivisions, maxMinimumWeightDivisions, maxScaleCapacityKg } from '@portal/domain';
import { BooleanInput, maxValue, minValue, NumberInput, required } from 'react-admin';
import { useParams } from 'react-router-dom';
import { NameForm } from '../common/NameForm';
import { RecordCreate, RecordEdit } from '../common/RecordScreens';
import { BridgeKeys } from './BridgeKeys';
import { SCALES_PATH } from './scale-paths';

const validateMinimum = [
  required('portal.scales.minimumInvalid'),
  minValue(0, 'portal.scales.minimumInvalid'),
  maxValue(maxMinimumWeightDivisions, 'portal.scales.minimumInvalid'),
];

/** Empty (no capacity given), or a whole number of KG in range: checked here rather than by the browser, in the server's words. */
const validateCapacity = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= maxScaleCapacityKg)
    ? undefined
    : 'portal.scales.capacityInvalid';

/** A new scale starts with the weighing rules every scale has until changed, and no capacity given. */
const newScaleDefaults = {
  minimumWeightDivisions: defaultMinimumWeightDivisions,
  returnToZeroRequired: true,
  capacityKg: null,
};

/**
 * The scale's name and its weighing rules: the least weight weighed, whether a return to zero is required,
 * and its capacity.
 */
const ScaleForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <NameForm
    mode={mode}
    source="scaleName"
    requiredMessage="portal.scales.nameRequired"
    listPath={SCALES_PATH}
  >
    <NumberInput
      source="minimumWeightDivisions"
      min={0}
      max={maxMinimumWeightDivisions}
      step={1}
      validate={validateMinimum}
      helperText="portal.scales.minimumHelp"
    />
    <BooleanInput source="returnToZeroRequired" helperText="portal.scales.returnToZeroHelp" />
    <NumberInput source="capacityKg" validate={validateCapacity} helperText="portal.scales.capacityHelp" />
  </NameForm>
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
        record={newScaleDefaults}
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
