import { endpoints, type WebhookEnvelope } from '@portal/contract';
import type { WebhookEventType } from '@portal/domain';
import { clientOfPortal, type Headers, type TestPortal } from './portal';

/** The feed's envelopes of these types from the beginning, followed page after page as a client does. */
export async function feedEnvelopes(
  portal: TestPortal,
  headers: Headers,
  types: WebhookEventType[],
): Promise<WebhookEnvelope[]> {
  const api = clientOfPortal(() => portal);
  const seen: WebhookEnvelope[] = [];
  let after: string | undefined;
  for (;;) {
    const query = { types: types.join(','), limit: 1000, ...(after === undefined ? {} : { after }) };
    const page = await api(endpoints.getFeed, { query }, headers);
    if (page.events.length === 0) return seen;
    seen.push(...page.events);
    after = page.next;
  }
}
