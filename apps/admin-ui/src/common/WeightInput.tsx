import { inDisplayUnit, kgFromDisplayUnit } from '@portal/domain';
import { NumberInput, type NumberInputProps, useTranslate } from 'react-admin';
import { useSiteWeights } from '../settings/site-settings';

/**
 * A stored KG weight, shown and typed in the site's unit and converted at the form's edge, so every
 * API call still sends KG. `label` names the weight without a unit; the unit is added to it.
 */
export const WeightInput = ({ label, ...props }: NumberInputProps & { label: string }) => {
  const translate = useTranslate();
  const { unit, symbol } = useSiteWeights();
  return (
    <NumberInput
      {...props}
      label={translate('portal.weights.withUnit', { label: translate(label), unit: symbol })}
      format={(kg: number | null | undefined) => (kg == null ? '' : String(inDisplayUnit(kg, unit)))}
      parse={(typed: string | number | null) =>
        typed === '' || typed === null || Number.isNaN(Number(typed))
          ? typed
          : kgFromDisplayUnit(Number(typed), unit)
      }
    />
  );
};
