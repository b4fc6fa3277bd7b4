import { Box, Chip, Stack, Typography } from '@mui/material';
import type { LiveScale } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { displayInstant } from '../dashboard/dashboard-ticket';
import { formatKg } from './scale-weights';

const statusColour = { ok: 'success', motion: 'warning', error: 'error', disconnected: 'default' } as const;

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
              since: scale.statusSince ? displayInstant(scale.statusSince) : '—',
            })}
          />
        )}
      </Stack>
    </Box>
  );
};
