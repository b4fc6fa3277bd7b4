import { endpoints, type WebhookDeliveriesQuery, type WebhookSubscription } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';

export const integrationsPath = '/integrations';
export const deliveriesPath = (id: number | string) =>
  `/integrations/${encodeURIComponent(String(id))}/deliveries`;

export function useWebhooks() {
  return useQuery({ queryKey: ['webhooks', 'list'], queryFn: () => call(endpoints.getWebhookAll, {}) });
}

export function useWebhook(id: number) {
  return useQuery({
    queryKey: ['webhooks', 'one', id],
    queryFn: () => call(endpoints.getWebhookById, { params: { id } }),
    retry: false,
  });
}

export function useDeliveries(id: number, query: WebhookDeliveriesQuery = {}) {
  return useQuery({
    queryKey: ['webhooks', 'deliveries', id, query],
    queryFn: () => call(endpoints.getWebhookByIdDeliveries, { params: { id }, query }),
    // A delivery's attempts move on by themselves: the view follows them.
    refetchInterval: 5000,
  });
}

/** The edit form's body of a subscription, with `enabled` as asked. */
export const editBody = (subscription: WebhookSubscription, enabled: boolean) => ({
  url: subscription.url,
  eventTypes: subscription.eventTypes,
  description: subscription.description,
  filter: subscription.filter,
  enabled,
});
