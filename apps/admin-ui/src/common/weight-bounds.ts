import {
  defaultMaximumWeightKg,
  weightLimitKg,
  weightOrNoneOutOfBounds,
  weightOutOfBounds,
} from '@portal/domain';
import type { Validator } from 'react-admin';
import { useSiteSettings } from '../settings/site-settings';

/**
 * The heaviest weight a form may give (issue 34, D4), as the server bounds it: the scale's capacity when
 * the weight is for a scale that has one, else the site's maximum.
 */
export const useWeightLimitKg = (scaleCapacityKg: number | null = null): number =>
  weightLimitKg(scaleCapacityKg, useSiteSettings().data?.maximumWeightKg ?? defaultMaximumWeightKg);

const rules = {
  weight: (kg: number, limit: number) => weightOutOfBounds(kg, limit),
  /** A ticket's weight: 0 is the spec's "not weighed yet". */
  weightOrNone: (kg: number, limit: number) => weightOrNoneOutOfBounds(kg, limit),
  tare: (kg: number, limit: number) => weightOutOfBounds(kg, limit, 'Tare weight'),
};

/**
 * A form's check of a KG weight against the bound, in the server's words; a blank or non-number is left to
 * the field's own checks (required, "must be a number").
 */
export function useWeightBound(kind: keyof typeof rules): Validator {
  const limit = useWeightLimitKg();
  return (value) => {
    if (value === null || value === undefined || value === '' || !Number.isFinite(Number(value)))
      return undefined;
    return rules[kind](Number(value), limit) ?? undefined;
  };
}
