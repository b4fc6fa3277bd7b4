import { endpoints } from '@portal/contract';
import {
  type DisplayUnit,
  defaultDisplayUnit,
  displayUnitSymbols,
  formatWeight,
  formatWeightNumber,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';
import { currentSession } from '../session';

/** One cache entry for the settings, so a save on the Settings page shows at once on every screen. */
export const settingsQueryKey = ['settings'];

export const useSiteSettings = () =>
  useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => call(endpoints.getSetting, {}),
    enabled: currentSession() !== null,
  });

/** The site's weight unit and how a stored KG weight reads in it; KG (the spec's) until the settings load. */
export function useSiteWeights(): {
  unit: DisplayUnit;
  symbol: string;
  format: (kg: number) => string;
  /** The number alone, for displays that set the unit apart (the Scale page's weight). */
  formatNumber: (kg: number) => string;
} {
  const unit = useSiteSettings().data?.displayUnit ?? defaultDisplayUnit;
  return {
    unit,
    symbol: displayUnitSymbols[unit],
    format: (kg) => formatWeight(kg, unit),
    formatNumber: (kg) => formatWeightNumber(kg, unit),
  };
}
