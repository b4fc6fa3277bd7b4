import { Box, Chip, Stack } from '@mui/material';
import type { LiveScale } from '@portal/contract';
import { useTranslate } from 'react-admin';
import {
  RefusedReportAlert,
  ScaleAlarm,
  ScaleStatusChip,
  StabilityChip,
  WeightReadout,
} from './ScaleIndicators';

/** The weight, large enough to read from the truck's cab, with stable/motion and the bridge's status. */
export const LiveWeight = ({
  scale,
  manualWeight,
}: {
  scale: LiveScale | undefined;
  manualWeight: number | null;
}) => {
  const translate = useTranslate();
  const weight = manualWeight ?? scale?.currentWeight ?? null;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={translate('portal.scale.liveWeight')}
      sx={{ bgcolor: 'grey.900', color: 'common.white', borderRadius: 2, px: 3, py: 2, textAlign: 'right' }}
    >
      {manualWeight === null && scale && <ScaleAlarm scale={scale} />}
      <WeightReadout
        testId="scale-weight"
        weight={weight}
        fontSize={{ xs: '3rem', sm: '4.5rem', md: '5.5rem' }}
        colour={manualWeight !== null ? 'info.light' : scale?.stable ? 'success.light' : 'warning.light'}
      />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        {manualWeight !== null ? (
          <Chip size="small" color="info" label={translate('portal.scale.setByHand')} />
        ) : (
          scale?.currentWeight != null && <StabilityChip scale={scale} />
        )}
        {scale && <ScaleStatusChip scale={scale} />}
      </Stack>
      {manualWeight === null && scale && <RefusedReportAlert scale={scale} />}
    </Box>
  );
};
