import { Alert, Box, Chip, Typography } from '@mui/material';
import type { LiveScale } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { SiteWeightNumber, SiteWeightSymbol } from '../common/SiteWeight';
import { formatDateTime } from '../i18n/dates';

/** What the scale's weight display and its lane show alike, on the indicator's dark background. */

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

/** What each of the indicator's parts below shows from: the scale's reading, and its test id where it is not the default. */
type IndicatorPartProps = { scale: LiveScale; testId?: string };

/** The indicator's alarm in large, coloured words (nothing when the reading is a plain stable gross). */
export const ScaleAlarm = ({ scale, testId = 'scale-alarm' }: IndicatorPartProps) => {
  const translate = useTranslate();
  const alarm = indicatorAlarm(scale);
  if (!alarm) return null;
  return (
    <Typography
      data-testid={testId}
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
  );
};

/** Whether the reading is stable or in motion. */
export const StabilityChip = ({ scale, testId = 'scale-stability' }: IndicatorPartProps) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      data-testid={testId}
      color={scale.stable ? 'success' : 'warning'}
      label={translate(scale.stable ? 'portal.scale.stable' : 'portal.scale.inMotion')}
    />
  );
};

/** The bridge's status and since when, to the second. */
export const ScaleStatusChip = ({ scale, testId = 'scale-status' }: IndicatorPartProps) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      data-testid={testId}
      color={statusColour[scale.status]}
      sx={{ color: 'common.white' }}
      label={translate(`portal.scale.status.${scale.status}`, {
        since: scale.statusSince ? formatDateTime(new Date(scale.statusSince)) : '—',
      })}
    />
  );
};

/** The weight in the site's unit in the indicator's digits, coloured by what it is (stable, in motion, set by hand). */
export const WeightReadout = ({
  weight,
  colour,
  fontSize,
  testId,
}: {
  weight: number | null;
  colour: string;
  /** By breakpoint: { xs: '3rem', md: '5.5rem' }. */
  fontSize: Record<string, string>;
  testId: string;
}) => (
  <Typography
    data-testid={testId}
    component="div"
    sx={{
      fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
      fontVariantNumeric: 'tabular-nums',
      fontWeight: 700,
      fontSize,
      lineHeight: 1.1,
      color: colour,
    }}
  >
    <SiteWeightNumber kg={weight} />
    <Box component="span" sx={{ fontSize: '0.4em', ml: 1 }}>
      <SiteWeightSymbol />
    </Box>
  </Typography>
);

/**
 * The bridge's last refused report (its reading off the portal's clock or off the scale, within the last
 * minute), why and when: the weight shown is the last one taken, not what the bridge sends now.
 */
export const RefusedReportAlert = ({ scale, testId = 'scale-refused-report' }: IndicatorPartProps) => {
  const translate = useTranslate();
  if (!scale.refusedReport) return null;
  return (
    <Alert severity="warning" variant="filled" sx={{ mt: 1, textAlign: 'left' }} data-testid={testId}>
      {translate('portal.scale.refusedReport', {
        time: formatDateTime(new Date(scale.refusedReport.at)),
        message: scale.refusedReport.message,
      })}
    </Alert>
  );
};
