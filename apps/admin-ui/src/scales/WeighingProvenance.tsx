import { Chip, Stack, Typography } from '@mui/material';
import { type TicketWeighing, weighingProvenance } from '@portal/domain';
import { useTranslate } from 'react-admin';
import { useSiteWeights } from '../settings/site-settings';
import { useScales } from './scale-queries';

/**
 * How a ticket's weight was weighed (issue 34), as its weighing event recorded it: gross less tare, and
 * MANUAL with the operator's reason when typed by hand, else the scale it was read from. Nothing for a
 * weight set on a form.
 */
export const WeighingProvenance = ({
  weighing,
  figures = true,
}: {
  weighing: TicketWeighing | null;
  /** Gross less tare beside the mark (the log); the ticket page shows them as fields of their own. */
  figures?: boolean;
}) => {
  const translate = useTranslate();
  const weights = useSiteWeights();
  const scales = useScales();
  if (weighing === null) return null;
  const scaleName = (id: number) =>
    scales.data?.find((scale) => scale.id === id)?.scaleName ??
    translate('portal.scale.unknownScale', { id });
  const provenance = weighing.source === null ? null : weighingProvenance(weighing.source, scaleName);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      data-testid="weighing-provenance"
      component="span"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      {figures && (
        <Typography variant="body2" component="span">
          {translate('portal.scale.grossLessTare', {
            gross: weights.format(weighing.grossWeight),
            tare: weights.format(weighing.tareWeight),
          })}
        </Typography>
      )}
      {provenance?.manual && (
        <Chip size="small" color="warning" label={translate('portal.scale.manualMark')} />
      )}
      {provenance && (
        <Typography variant="body2" component="span">
          {provenance.manual
            ? [
                translate('portal.scale.manualWeighing', { reason: provenance.reason }),
                provenance.scale === null
                  ? null
                  : translate('portal.scale.manualOnScale', { scale: provenance.scale }),
              ]
                .filter(Boolean)
                .join(' ')
            : provenance.scale === null
              ? null
              : translate('portal.scale.weighedOn', { scale: provenance.scale })}
        </Typography>
      )}
    </Stack>
  );
};
