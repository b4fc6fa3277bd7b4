import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import {
  endpoints,
  type WebhookDelivery,
  type WebhookDeliveryFilter,
  webhookDeliveriesPageSize,
  webhookDeliveryFilters,
} from '@portal/contract';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LabelledTable } from '../common/LabelledTable';
import { LabelledToggles } from '../common/LabelledToggles';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { PageTitle } from '../layout/PageTitle';
import { displayInstant } from '../tickets/dashboard/dashboard-ticket';
import { integrationsPath, useDeliveries, useWebhook } from './integrations';
import { ReplayDialog } from './ReplayDialog';

const deliveryColumns = [
  { label: 'portal.integrations.type' },
  { label: 'portal.integrations.ticket' },
  { label: 'portal.integrations.sequence', align: 'right' },
  { label: 'portal.integrations.state' },
  { label: 'portal.integrations.attempts', align: 'right' },
  { label: 'portal.integrations.lastAnswer' },
  { label: 'portal.integrations.lastAttemptAt' },
  { label: 'portal.integrations.nextAttemptAt' },
  {},
] as const;

const when = (instant: string | null) => (instant ? displayInstant(instant) : '—');

/** /integrations/{id}/deliveries: what was sent to one webhook, how each attempt went, and Redeliver. */
export const WebhookDeliveriesPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const id = Number(useParams().id);
  const subscription = useWebhook(id);
  const [state, setState] = useState<WebhookDeliveryFilter | undefined>();
  // Paging back: the deliveries older than this one's id (undefined: the newest).
  const [before, setBefore] = useState<number | undefined>();
  const deliveries = useDeliveries(id, {
    ...(state ? { state } : {}),
    ...(before === undefined ? {} : { before }),
  });
  const [replaying, setReplaying] = useState(false);
  const showing = (next: WebhookDeliveryFilter | undefined) => {
    setState(next);
    setBefore(undefined);
  };
  const rows = deliveries.data ?? [];
  const oldest = rows.length === webhookDeliveriesPageSize ? rows.at(-1)?.id : undefined;
  useNotifyLoadError(subscription.error ?? deliveries.error);

  const redeliver = async (delivery: WebhookDelivery) => {
    try {
      await call(endpoints.postWebhookByIdDeliveriesByDeliveryIdRedeliver, {
        params: { id, deliveryId: delivery.id },
      });
      notify('portal.integrations.redelivering', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
    await deliveries.refetch();
  };
  const answer = (delivery: WebhookDelivery) =>
    delivery.attempts === 0
      ? '—'
      : (delivery.lastStatus ?? translate('portal.integrations.noAnswer')) +
        (delivery.lastError ? ` · ${delivery.lastError}` : '');

  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title="portal.integrations.deliveries" />
      <Stack
        direction="row"
        useFlexGap
        sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Button component={RouterLink} to={integrationsPath} startIcon={<ArrowBackIcon />}>
          {translate('portal.integrations.back')}
        </Button>
        <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setReplaying(true)}>
          {translate('portal.integrations.replayFromButton')}
        </Button>
      </Stack>
      <ReplayDialog
        subscriptionId={id}
        open={replaying}
        onClose={(replayed) => {
          setReplaying(false);
          if (replayed) void deliveries.refetch();
        }}
      />
      {subscription.data && (
        <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {translate('portal.integrations.deliveriesOf', { url: subscription.data.url })}
        </Typography>
      )}
      <LabelledToggles
        label="portal.integrations.showing"
        labels="portal.integrations.deliveryFilters"
        options={['all', ...webhookDeliveryFilters] as const}
        value={state ?? 'all'}
        onChange={(next) => showing(next === 'all' ? undefined : next)}
      />
      <Card>
        <Box sx={{ height: 4 }}>{deliveries.isFetching && <LinearProgress />}</Box>
        {deliveries.isSuccess && rows.length === 0 && (
          <Alert severity="info">
            {translate(
              state || before !== undefined
                ? 'portal.integrations.noDeliveriesShown'
                : 'portal.integrations.noDeliveries',
            )}
          </Alert>
        )}
        {rows.length > 0 && (
          <LabelledTable label="portal.integrations.deliveries" columns={deliveryColumns}>
            {rows.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{delivery.type}</TableCell>
                <TableCell>{delivery.ticketId ?? '—'}</TableCell>
                <TableCell align="right">{delivery.sequence}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={delivery.state === 'delivered' ? 'success' : 'warning'}
                    label={translate(`portal.integrations.deliveryStates.${delivery.state}`)}
                  />
                </TableCell>
                <TableCell align="right">{delivery.attempts}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{answer(delivery)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.lastAttemptAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.nextAttemptAt)}</TableCell>
                <TableCell align="right">
                  <Button onClick={() => redeliver(delivery)}>
                    {translate('portal.integrations.redeliver')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </LabelledTable>
        )}
        {(before !== undefined || oldest !== undefined) && (
          <Stack direction="row" useFlexGap sx={{ justifyContent: 'flex-end', gap: 1, p: 1 }}>
            {before !== undefined && (
              <Button onClick={() => setBefore(undefined)}>
                {translate('portal.integrations.newestDeliveries')}
              </Button>
            )}
            {oldest !== undefined && (
              <Button onClick={() => setBefore(oldest)}>
                {translate('portal.integrations.olderDeliveries')}
              </Button>
            )}
          </Stack>
        )}
      </Card>
    </Box>
  );
};
