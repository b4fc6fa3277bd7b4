import { useSiteWeights } from '../settings/site-settings';

/** A stored KG weight's number in the site's unit, or a dash before there is one; the unit set apart. */
export const SiteWeightNumber = ({ kg }: { kg: number | null }) => {
  const weights = useSiteWeights();
  return <>{kg === null ? '—' : weights.formatNumber(kg)}</>;
};

/** The site's weight unit as written after a weight: KG, t, lb or ton. */
export const SiteWeightSymbol = () => <>{useSiteWeights().symbol}</>;
