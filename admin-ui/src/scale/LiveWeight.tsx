import { Box, Chip, Stack, Typography } from '@mui/material';
import type { LiveScale } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../i18n/dates';
import { formatKg } from './scale-weights';

const statusColour = { ok: 'success', motion: 'warning', error: 'error', disconnected: 'default' } as const;

/**
 * What the indicator says that makes its weight not a plain gross weight, in large words: the bridge
 * gone or in error, over or under range, net, in motion. The first that applies; null for none.
 */
function indicatorAlarm(scale: LiveScale): { word: string; colour: string } | null {
  if (scale.status === 'disconnected') return { word: 'portal.scale.alarm.disconnected', colour: 'grey.500' };
  if (scale.status === 'error') return { word: 'portal.scale.alarm.error', colour: 'error.light' };
  if (scale.range === 'over') return { word: 'portal.scale.alarm.over', colour: 'error.light' };
  if (scale.range === 'under') return { word: 'portal.scale.alarm.under', colour: 'error.light' };
  if (scale.mode === 'net') return { word: 'portal.scale.alarm.net', colour: 'info.light' };
  if (!scale.stable) return { word: 'portal.scale.alarm.motion', colour: 'warning.light' };
  return null;
}

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
  const alarm = manualWeight === null && scale ? indicatorAlarm(scale) : null;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={translate('portal.scale.liveWeight')}
      sx={{ bgcolor: 'grey.900', color: 'common.white', borderRadius: 2, px: 3, py: 2, textAlign: 'right' }}
    >
      {alarm && (
        <Typography
          data-testid="scale-alarm"
          component="div"
          sx={{
            color: alarm.colour,
            fontWeight: 800,
            letterSpacing: '0.08em',
            fontSize: { xs: '1.5rem', sm: '2rem' },
            lineHeight: 1.2,
            textAlign: 'left',
          }}
        >
          {translate(alarm.word)}
        </Typography>
      )}
      <Typography
        data-testid="scale-weight"
        component="div"
        sx={{
          fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 700,
          fontSize: { xs: '3rem', sm: '4.5rem', md: '5.5rem' },
          lineHeight: 1.1,
          color: manualWeight !== null ? 'info.light' : scale?.stable ? 'success.light' : 'warning.light',
        }}
      >
        {formatKg(weight)}
        <Box component="span" sx={{ fontSize: '0.4em', ml: 1 }}>
          KG
        </Box>
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        {manualWeight !== null ? (
          <Chip size="small" color="info" label={translate('portal.scale.setByHand')} />
        ) : (
          scale?.currentWeight != null && (
            <Chip
              size="small"
              data-testid="scale-stability"
              color={scale.stable ? 'success' : 'warning'}
              label={translate(scale.stable ? 'portal.scale.stable' : 'portal.scale.inMotion')}
            />
          )
        )}
        {scale && (
          <Chip
            size="small"
            variant="outlined"
            data-testid="scale-status"
            color={statusColour[scale.status]}
            sx={{ color: 'common.white' }}
            label={translate(`portal.scale.status.${scale.status}`, {
              since: scale.statusSince ? formatDateTime(new Date(scale.statusSince)) : '—',
            })}
          />
        )}
      </Stack>
    </Box>
  );
};
