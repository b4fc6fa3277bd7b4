import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { endpoints, type IndicatorCommand, indicatorCommands, type ScaleCommand } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { formatDateTime } from '../i18n/dates';
import { scaleRefreshMs } from './scale-weights';
import { errorMessage } from './weighing-parts';

/** How many of the scale's last commands the page lists (the API keeps more). */
const shownCommands = 5;

const statusColour: Record<ScaleCommand['status'], 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'default',
  delivered: 'default',
  sent: 'success',
  unsupported: 'warning',
  'port-closed': 'error',
  expired: 'error',
};

/**
 * Zero, Tare and Print on the indicator itself (issue 29), while weighing: each is queued for the
 * scale's bridge, and the scale's log below says what became of it (sent, not in the indicator's
 * format, no port open, or expired with no bridge to take it).
 */
export const IndicatorCommands = ({ scaleId }: { scaleId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState<IndicatorCommand | null>(null);
  const log = useQuery({
    queryKey: ['scale', 'commands', scaleId],
    queryFn: () => call(endpoints.getScaleByIdCommands, { params: { id: scaleId } }),
    refetchInterval: scaleRefreshMs,
    refetchIntervalInBackground: false,
  });
  useNotifyLoadError(log.error);

  const send = async (command: IndicatorCommand) => {
    setBusy(command);
    try {
      await call(endpoints.postScaleByIdCommand, { params: { id: scaleId }, body: { command } });
      await log.refetch();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, minWidth: 100 }}>
            {translate('portal.scale.indicator')}
          </Typography>
          <Stack direction="row" spacing={1}>
            {indicatorCommands.map((command) => (
              <Button key={command} variant="outlined" disabled={busy !== null} onClick={() => send(command)}>
                {translate(`portal.scale.command.${command}`)}
              </Button>
            ))}
          </Stack>
        </Stack>
        {(log.data?.length ?? 0) > 0 && (
          <Box
            component="ul"
            data-testid="indicator-command-log"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
          >
            {(log.data ?? []).slice(0, shownCommands).map((entry) => (
              <Box
                component="li"
                key={entry.id}
                sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.25 }}
              >
                <Chip
                  size="small"
                  color={statusColour[entry.status]}
                  label={translate(`portal.scale.commandStatus.${entry.status}`)}
                />
                <Typography variant="body2">
                  {translate(`portal.scale.command.${entry.command}`)} ·{' '}
                  {formatDateTime(new Date(entry.requestedAt))} · {entry.requestedByName}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
