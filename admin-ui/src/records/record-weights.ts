const twoDecimals = (kg: number) => Math.round(kg * 100) / 100;

/** A receiving record's weights, all in KG. */
interface RecordWeights {
  tare: number;
  gross: number;
  net: number;
}

/**
 * Spec section 9, Weights: the ticket's weight is the net; the tare is the truck's, or the default tare
 * weight when the truck has none (or the ticket no truck); gross = net + tare. No net, no weights.
 */
export function recordWeights(
  net: number | null,
  truckTare: number | null,
  defaultTareWeight: number,
): RecordWeights | null {
  if (net === null) return null;
  const tare = truckTare ?? defaultTareWeight;
  return { tare, gross: twoDecimals(net + tare), net };
}
