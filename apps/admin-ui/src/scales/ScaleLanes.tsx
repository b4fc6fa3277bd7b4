import { Alert, Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import type { LiveScale } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { formatDateTime } from '../i18n/dates';
import {
  RefusedReportAlert,
  ScaleAlarm,
  ScaleStatusChip,
  StabilityChip,
  WeightReadout,
} from './ScaleIndicators';
import { useScaleLanes } from './scale-lane-queries';
import { useScales } from './scale-queries';

/** One scale's lane: what its indicator says now, and whether it is the one weighed on. */
const Lane = ({
  scale,
  selected,
  onSelect,
}: {
  scale: LiveScale;
  selected: boolean;
  onSelect: ((scaleId: number) => void) | null;
}) => {
  const translate = useTranslate();
  const details = [
    scale.mode && translate(scale.mode === 'net' ? 'portal.scale.lanes.net' : 'portal.scale.lanes.gross'),
    scale.range && translate(`portal.scale.lanes.range.${scale.range}`),
    scale.readingAgeMs === null
      ? translate('portal.scale.lanes.noReading')
      : translate('portal.scale.lanes.readingAge', { seconds: (scale.readingAgeMs / 1000).toFixed(1) }),
  ].filter(Boolean);
  return (
    <Card
      data-testid="scale-lane"
      sx={{
        bgcolor: 'grey.900',
        color: 'common.white',
        borderRadius: 2,
        // A scale out (disconnected or in error) is framed in red, beside its alarm word.
        border: '3px solid',
        borderColor:
          scale.status === 'disconnected' || scale.status === 'error' ? 'error.main' : 'transparent',
        outline: selected ? '4px solid' : 'none',
        outlineColor: 'primary.light',
        outlineOffset: 2,
      }}
    >
      <CardActionArea
        disabled={onSelect === null}
        aria-pressed={selected}
        onClick={() => onSelect?.(scale.id)}
        sx={{
          px: 2,
          py: 1.5,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="div" variant="h6" sx={{ fontWeight: 700 }} noWrap>
            {scale.scaleName}
          </Typography>
          {selected && <Chip size="small" color="primary" label={translate('portal.scale.lanes.selected')} />}
        </Stack>
        <ScaleAlarm scale={scale} testId="lane-alarm" />
        <Box sx={{ textAlign: 'right' }}>
          <WeightReadout
            testId="lane-weight"
            weight={scale.currentWeight}
            fontSize={{ xs: '2.25rem', md: '3rem' }}
            colour={
              scale.currentWeight === null ? 'grey.500' : scale.stable ? 'success.light' : 'warning.light'
            }
          />
        </Box>
        <Typography variant="body2" sx={{ color: 'grey.300', textAlign: 'right' }} data-testid="lane-details">
          {details.join(' · ')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}
        >
          {scale.currentWeight !== null && <StabilityChip scale={scale} testId="lane-stability" />}
          <ScaleStatusChip scale={scale} testId="lane-status" />
        </Stack>
        {scale.twoBridgesSince && (
          <Alert severity="error" variant="filled" sx={{ mt: 1 }} data-testid="lane-two-bridges">
            {translate('portal.scale.lanes.twoBridges', {
              since: formatDateTime(new Date(scale.twoBridgesSince)),
            })}
          </Alert>
        )}
        <RefusedReportAlert scale={scale} testId="lane-refused-report" />
      </CardActionArea>
    </Card>
  );
};

/**
 * Every scale of a site with several, side by side (stacked on a phone), refreshed every second: clicking
 * one chooses it for weighing, unless `onSelect` is null (while weighing, the scale cannot change). A site
 * with one scale has its weight display alone.
 */
export const ScaleLanes = ({
  selectedScaleId,
  onSelect,
}: {
  selectedScaleId: number | null;
  onSelect: ((scaleId: number) => void) | null;
}) => {
  const translate = useTranslate();
  const several = (useScales().data?.length ?? 0) > 1;
  const lanes = useScaleLanes(several);
  useNotifyLoadError(lanes.error);
  if (!several || !lanes.data) return null;
  return (
    <Box
      component="section"
      aria-label={translate('portal.scale.lanes.title')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(260px, 1fr))' },
      }}
    >
      {lanes.data.map((scale) => (
        <Lane key={scale.id} scale={scale} selected={scale.id === selectedScaleId} onSelect={onSelect} />
      ))}
    </Box>
  );
};
