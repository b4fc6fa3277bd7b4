import { type DisplayUnit, formatWeight } from '@portal/domain';
import { formatKg, formatTonnes } from '../../i18n/weights';

const twoDecimals = (kg: number) => Math.round(kg * 100) / 100;

/** A receiving record's weights, all in KG. */
interface RecordWeights {
  tare: number;
  gross: number;
  net: number;
}

/**
 * The printed weights (docs/rules.md, "Weights"): the ticket's weight is the net; the tare is the truck's, or
 * the default tare weight when the truck has none (or the ticket no truck); gross = net + tare. No net, no
 * weights.
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

/** What a printed record says of the net beside the net itself. */
interface PrintedNet {
  net: string;
  second: { label: 'netTonnes' | 'netRecordedKg'; value: string };
}

/**
 * A KG site prints the net in KG and in tonnes (net/1000, 2 decimals), as the product
 * has it. Another site prints the net in its own unit, as its screens show it, and beside it the KG the
 * ticket recorded, so the paper can be checked against the stored weight.
 */
export function printedNet(netKg: number, unit: DisplayUnit): PrintedNet {
  return {
    net: formatWeight(netKg, unit),
    second:
      unit === 'kg'
        ? { label: 'netTonnes', value: formatTonnes(netKg) }
        : { label: 'netRecordedKg', value: formatKg(netKg) },
  };
}
