import { text } from '../common/form-values';

/**
 * The body of a scale: its name and its weighing rules. The rules travel as the form gave them (a blank
 * capacity is null, which clears it); the server checks them and answers out-of-range values in its words.
 */
export const toScalePayload = (data: Record<string, unknown>) => ({
  scaleName: text(data.scaleName),
  minimumWeightDivisions: data.minimumWeightDivisions ?? null,
  returnToZeroRequired: data.returnToZeroRequired === true,
  capacityKg: data.capacityKg === '' ? null : (data.capacityKg ?? null),
});
