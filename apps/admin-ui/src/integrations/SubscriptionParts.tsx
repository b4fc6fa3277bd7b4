import { Button, Chip, Link, Stack, Typography } from '@mui/material';
import type { WebhookSubscription } from '@portal/contract';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { deliveriesPath } from './integrations';

export type Asking = { kind: 'rotate' | 'delete'; subscription: WebhookSubscription };

/** What a webhook's buttons do: the page's dialogs and calls. */
export interface SubscriptionHandlers {
  onEdit(subscription: WebhookSubscription): void;
  onEnable(subscription: WebhookSubscription, enabled: boolean): void;
  onAsk(asking: Asking): void;
}

interface Of {
  subscription: WebhookSubscription;
}

const stateColours = { active: 'success', disabled: 'default', paused: 'warning' } as const;

export const StateChip = ({ subscription }: Of) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={stateColours[subscription.state]}
      label={translate(`portal.integrations.states.${subscription.state}`)}
    />
  );
};

/** The URL (a link to its deliveries) and the description under it. */
export const SubscriptionTarget = ({ subscription }: Of) => (
  <>
    <Link component={RouterLink} to={deliveriesPath(subscription.id)} sx={{ overflowWrap: 'anywhere' }}>
      {subscription.url}
    </Link>
    {subscription.description && (
      <Typography variant="body2" color="text.secondary">
        {subscription.description}
      </Typography>
    )}
  </>
);

export const SubscriptionActions = ({ subscription, onEdit, onEnable, onAsk }: Of & SubscriptionHandlers) => {
  const translate = useTranslate();
  const active = subscription.state === 'active';
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
      <Button component={RouterLink} to={deliveriesPath(subscription.id)}>
        {translate('portal.integrations.deliveries')}
      </Button>
      <Button onClick={() => onEdit(subscription)}>{translate('portal.integrations.edit')}</Button>
      <Button onClick={() => onEnable(subscription, !active)}>
        {translate(active ? 'portal.integrations.disable' : 'portal.integrations.enable')}
      </Button>
      <Button onClick={() => onAsk({ kind: 'rotate', subscription })}>
        {translate('portal.integrations.rotate')}
      </Button>
      <Button color="error" onClick={() => onAsk({ kind: 'delete', subscription })}>
        {translate('ra.action.delete')}
      </Button>
    </Stack>
  );
};
