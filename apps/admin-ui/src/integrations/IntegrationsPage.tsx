import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  Divider,
  LinearProgress,
  Stack,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { endpoints, type WebhookSubscription } from '@portal/contract';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { LabelledTable } from '../common/LabelledTable';
import { ShownOnceDialog } from '../common/ShownOnceDialog';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { PageTitle } from '../layout/PageTitle';
import { editBody, useWebhooks } from './integrations';
import {
  type Asking,
  StateChip,
  SubscriptionActions,
  type SubscriptionHandlers,
  SubscriptionTarget,
} from './SubscriptionParts';
import { WebhookFormDialog } from './WebhookFormDialog';

const secretWords = {
  title: 'portal.integrations.secretTitle',
  explained: 'portal.integrations.secretExplained',
  copy: 'portal.integrations.copy',
  copied: 'portal.integrations.copied',
  copyFailed: 'portal.integrations.copyFailed',
  done: 'portal.integrations.done',
};

/** The webhooks as a table; on a phone each is a block of its own (five buttons do not fit beside a URL). */
const SubscriptionList = ({
  subscriptions,
  handlers,
}: {
  subscriptions: WebhookSubscription[];
  handlers: SubscriptionHandlers;
}) => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone)
    return (
      <Stack divider={<Divider />} aria-label={translate('portal.integrations.title')}>
        {subscriptions.map((subscription) => (
          <Stack key={subscription.id} spacing={1} sx={{ p: 2 }}>
            <Box>
              <SubscriptionTarget subscription={subscription} />
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <StateChip subscription={subscription} />
              <Typography variant="body2">{subscription.eventTypes.join(', ')}</Typography>
            </Stack>
            <SubscriptionActions subscription={subscription} {...handlers} />
          </Stack>
        ))}
      </Stack>
    );
  return (
    <LabelledTable
      label="portal.integrations.title"
      columns={[
        { label: 'portal.integrations.url' },
        { label: 'portal.integrations.eventTypes' },
        { label: 'portal.integrations.state' },
        {},
      ]}
    >
      {subscriptions.map((subscription) => (
        <TableRow key={subscription.id}>
          <TableCell sx={{ minWidth: 200 }}>
            <SubscriptionTarget subscription={subscription} />
          </TableCell>
          <TableCell sx={{ minWidth: 160 }}>{subscription.eventTypes.join(', ')}</TableCell>
          <TableCell>
            <StateChip subscription={subscription} />
          </TableCell>
          <TableCell align="right">
            <SubscriptionActions subscription={subscription} {...handlers} />
          </TableCell>
        </TableRow>
      ))}
    </LabelledTable>
  );
};

/**
 * Settings → Integrations, for administrators: the webhook subscriptions, a banner for each paused one,
 * and adding, editing, enabling, disabling, rotating the secret of and deleting one.
 */
export const IntegrationsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, isFetching, error, refetch } = useWebhooks();
  useNotifyLoadError(error);
  const [form, setForm] = useState<{ editing: WebhookSubscription | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) notify(done, { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
    await refetch();
  };
  const confirm = async ({ kind, subscription }: Asking) => {
    setAsking(null);
    const params = { id: subscription.id };
    if (kind === 'delete')
      await act(() => call(endpoints.deleteWebhookById, { params }), 'portal.integrations.deleted');
    else
      await act(async () =>
        setSecret((await call(endpoints.postWebhookByIdRotateSecret, { params })).secret),
      );
  };
  const handlers: SubscriptionHandlers = {
    onEdit: (subscription) => setForm({ editing: subscription }),
    onEnable: (subscription, enabled) =>
      void act(
        () =>
          call(endpoints.putWebhookById, {
            params: { id: subscription.id },
            body: editBody(subscription, enabled),
          }),
        'portal.integrations.saved',
      ),
    onAsk: setAsking,
  };

  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title="portal.integrations.title" />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 20rem' }}>
          {translate('portal.integrations.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ editing: null })}>
          {translate('portal.integrations.add')}
        </Button>
      </Stack>
      {data
        ?.filter((subscription) => subscription.state === 'paused')
        .map((subscription) => (
          <Alert key={subscription.id} severity="warning" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {translate('portal.integrations.paused', { url: subscription.url })}
          </Alert>
        ))}
      <Card>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {!isPending && data?.length === 0 && (
          <Alert severity="info">{translate('portal.integrations.empty')}</Alert>
        )}
        {!!data?.length && <SubscriptionList subscriptions={data} handlers={handlers} />}
      </Card>
      {form && (
        <WebhookFormDialog
          editing={form.editing}
          onClose={() => setForm(null)}
          onSaved={(shown) => {
            setForm(null);
            setSecret(shown);
            if (!shown) notify('portal.integrations.saved', { type: 'success' });
            void refetch();
          }}
        />
      )}
      <ShownOnceDialog value={secret} label="whsec_…" words={secretWords} onClose={() => setSecret(null)} />
      <Confirm
        isOpen={asking !== null}
        title={
          asking?.kind === 'delete' ? 'portal.integrations.deleteTitle' : 'portal.integrations.rotateTitle'
        }
        content={
          asking?.kind === 'delete'
            ? 'portal.integrations.deleteContent'
            : 'portal.integrations.rotateContent'
        }
        onConfirm={() => asking && confirm(asking)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
};
