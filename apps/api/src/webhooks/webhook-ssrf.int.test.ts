import { endpoints } from '@portal/contract';
import { webhookMessages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOfPortal, injectionOf } from '../../test/portal';
import { useTicketPortal } from '../../test/ticket-kit';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { redirectRefused } from './webhook-sender';

// Only 127.0.0.1 is allow-listed, as written: `localhost`, which resolves to it, is not.
const kit = useTicketPortal({
  env: {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RELAY_INTERVAL_MS: '50',
    WEBHOOK_RETRY_BASE_MS: '60000',
  },
});
const api = clientOfPortal(() => kit.portal);
let receiver: WebhookReceiver;
let redirectTarget: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  redirectTarget = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await redirectTarget.close();
});

const postNew = (url: string) =>
  kit.portal.app.inject({
    ...injectionOf(endpoints.postWebhookNew, { body: { url, eventTypes: ['ticket.generated'] } }),
    headers: kit.admin,
  });

const subscribeTo = (url: string) =>
  api(endpoints.postWebhookNew, { body: { url, eventTypes: ['ticket.generated'] } }, kit.admin);

/** A ticket's generation is tried once (the next retry is a minute away) with this outcome; then unsubscribes. */
async function expectOneFailedAttempt(id: number, outcome: { lastStatus: number | null; lastError: string }) {
  await kit.fresh(1);
  const latest = async () =>
    (await api(endpoints.getWebhookByIdDeliveries, { params: { id } }, kit.admin))[0];
  await expect.poll(latest).toMatchObject({ state: 'pending', attempts: 1, ...outcome });
  await api(endpoints.deleteWebhookById, { params: { id } }, kit.admin);
}

const refusedWith = async (url: string, message: string) => {
  const response = await postNew(url);
  expect([response.statusCode, response.json().message], url).toEqual([400, message]);
};

describe('webhook targets (SSRF)', () => {
  it('refuses private, loopback, link-local and metadata addresses at registration', async () => {
    for (const url of [
      'https://10.0.0.5/hooks',
      'https://192.168.1.10/hooks',
      'https://172.16.0.1/hooks',
      'https://127.0.0.2/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00:ec2::254]/hooks',
      'https://[fe80::1]/hooks',
      'https://0.0.0.0/hooks',
    ])
      await refusedWith(url, webhookMessages.targetRefused);
  });

  it('refuses a name that resolves to 127.0.0.1 when only the address is allow-listed, and http elsewhere', async () => {
    await refusedWith(`https://localhost:${receiver.port}/hooks`, webhookMessages.targetRefused);
    await refusedWith(`http://localhost:${receiver.port}/hooks`, webhookMessages.httpsRequired);
    await refusedWith('ftp://127.0.0.1/hooks', webhookMessages.urlInvalid);
    await refusedWith('https://user:pw@127.0.0.1/hooks', webhookMessages.urlInvalid);
    const allowed = await postNew(receiver.url);
    expect(allowed.statusCode).toBe(201);
    await api(endpoints.deleteWebhookById, { params: { id: allowed.json().id } }, kit.admin);
  });

  it('checks the target again when sending: a stored URL resolving to loopback is never called', async () => {
    const { id } = await subscribeTo(receiver.url);
    // As if the name had resolved to a public address at registration and to loopback since (DNS rebinding).
    const rebound = `https://localhost:${receiver.port}/hooks`;
    await kit.portal.infra.db
      .updateTable('webhookSubscriptions')
      .set({ url: rebound })
      .where('id', '=', id)
      .execute();
    const before = receiver.received.length;
    await expectOneFailedAttempt(id, { lastStatus: null, lastError: webhookMessages.targetRefused });
    expect(receiver.received.length).toBe(before);
  });

  it('does not follow a redirect to a private address', async () => {
    const redirecting = await startWebhookReceiver();
    redirecting.answer({ status: 307, location: redirectTarget.url });
    try {
      const { id } = await subscribeTo(redirecting.url);
      await expectOneFailedAttempt(id, {
        lastStatus: 307,
        lastError: redirectRefused,
      });
      expect(redirecting.received).toHaveLength(1);
      expect(redirectTarget.received).toHaveLength(0);
    } finally {
      await redirecting.close();
    }
  });
});
