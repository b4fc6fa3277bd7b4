import { flag, optionalNumber } from '../catalogue/fields';
import { validateName } from '../catalogue/named-record';
import { assertValid } from '../errors';
import {
  defaultMinimumWeightDivisions,
  maxMinimumWeightDivisions,
  maxScaleCapacityKg,
  type ScaleData,
  weighingRulesOf,
} from './scale';
import { scaleMessages } from './scale-messages';

/**
 * The scale record a save gives. A rule the body leaves out keeps its current value on an edit (a client
 * that knows only the spec's Scale {id, scaleName} renames without resetting the rules), its default on
 * a new scale.
 */
export function validateScale(
  input: {
    scaleName?: unknown;
    minimumWeightDivisions?: unknown;
    returnToZeroRequired?: unknown;
    capacityKg?: unknown;
  },
  current?: Parameters<typeof weighingRulesOf>[0],
): ScaleData {
  const messages = { required: scaleMessages.nameRequired, tooLong: scaleMessages.nameTooLong };
  const kept = weighingRulesOf(current ?? {});
  const minimum = optionalNumber(input.minimumWeightDivisions);
  const minimumValid =
    minimum === null || (Number.isInteger(minimum) && minimum >= 0 && minimum <= maxMinimumWeightDivisions);
  const capacity = optionalNumber(input.capacityKg);
  const capacityValid =
    capacity === null || (Number.isInteger(capacity) && capacity >= 1 && capacity <= maxScaleCapacityKg);
  const { name: scaleName } = validateName({ name: input.scaleName }, messages, 'scaleName');
  assertValid({
    ...(minimumValid ? {} : { minimumWeightDivisions: scaleMessages.minimumInvalid }),
    ...(capacityValid ? {} : { capacityKg: scaleMessages.capacityInvalid }),
  });
  const given = <Value>(field: keyof typeof input, value: Value, keptValue: Value) =>
    input[field] === undefined ? keptValue : value;
  return {
    scaleName,
    minimumWeightDivisions: given(
      'minimumWeightDivisions',
      minimum ?? defaultMinimumWeightDivisions,
      kept.minimumWeightDivisions,
    ),
    returnToZeroRequired: given(
      'returnToZeroRequired',
      flag(input.returnToZeroRequired),
      kept.returnToZeroRequired,
    ),
    capacityKg: given('capacityKg', capacity, kept.capacityKg),
  };
}
