import { describe, expect, it } from 'vitest';
import { recordWeights } from './record-weights';

describe("a receiving record's weights", () => {
  it("adds the truck's tare to the net for the gross", () => {
    expect(recordWeights(27380, 15000, 9000)).toEqual({ tare: 15000, gross: 42380, net: 27380 });
  });

  it('takes the default tare weight when the truck has none', () => {
    expect(recordWeights(12500.25, null, 9000.1)).toEqual({ tare: 9000.1, gross: 21500.35, net: 12500.25 });
  });

  it('has no weights without a net weight', () => {
    expect(recordWeights(null, 15000, 0)).toBeNull();
  });
});
