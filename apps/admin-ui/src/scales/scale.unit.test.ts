import { describe, expect, it } from 'vitest';
import { toScalePayload } from './scale';

describe('the scale payload', () => {
  it('sends the name with the weighing rules the form holds, and nothing of the live scale', () => {
    expect(
      toScalePayload({
        id: 2,
        version: 3,
        scaleName: ' North gate ',
        minimumWeightDivisions: 50,
        returnToZeroRequired: false,
        capacityKg: 60000,
        currentWeight: 12000,
        status: 'connected',
      }),
    ).toEqual({
      scaleName: 'North gate',
      minimumWeightDivisions: 50,
      returnToZeroRequired: false,
      capacityKg: 60000,
    });
  });

  it('sends a cleared capacity as null, so the scale keeps none', () => {
    expect(
      toScalePayload({
        scaleName: 'North gate',
        minimumWeightDivisions: 20,
        returnToZeroRequired: true,
        capacityKg: '',
      }).capacityKg,
    ).toBeNull();
    expect(
      toScalePayload({
        scaleName: 'North gate',
        minimumWeightDivisions: 20,
        returnToZeroRequired: true,
        capacityKg: null,
      }).capacityKg,
    ).toBeNull();
  });
});
