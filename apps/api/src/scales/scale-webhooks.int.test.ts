import { feedEnvelopes } from '@portal/api/test/event-feed';
import {
  bearer,
  clientOfPortal,
  type Headers,
  startTestPortal,
  type TestPortal,
} from '@portal/api/test/portal';
import { bridgeReading, keepReporting, scaleWithKey } from '@portal/api/test/scale-kit';
import { startWebhookReceiver, type WebhookReceiver } from '@portal/api/test/webhook-receiver';
import { endpoints } from '@portal/contract';
import { scaleIncidentStreamId } from '@portal/domain';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from '../portal';

// Issue 33, items 1–2: scale.down and scale.up from the scale alerts' incidents, told by two workers
// watching the same scales (the production set-up: an API process without workers, workers beside it).
const alertAfterMs = 1500;
let portal: TestPortal;
let admin: Headers;
let workers: Awaited<ReturnType<typeof startServices>>[] = [];
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  portal = await startTestPortal({
    env: {
      REDIS_URL: testRedisUrl,
      WORKERS: 'off',
      SCALE_ALERT_AFTER_MS: String(alertAfterMs),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RELAY_INTERVAL_MS: '50',
    },
  });
  admin = bearer(await portal.login());
  workers = await Promise.all(
    [1, 2].map(() => startServices(portal.config, { role: 'worker', workers: true })),
  );
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await portal?.stop();
});

const api = clientOfPortal(() => portal);

async function subscribed(filter?: { contractorCompanyId: number }) {
  const to = await startWebhookReceiver();
  receivers.push(to);
  const body = {
    url: to.url,
    eventTypes: ['scale.down' as const, 'scale.up' as const],
    ...(filter ? { filter: { projectId: null, transportCompanyId: null, ...filter } } : {}),
  };
  to.trust([(await api(endpoints.postWebhookNew, { body }, admin)).secret]);
  return to;
}

describe('scale.down and scale.up', () => {
  it('are each appended once per told incident with two workers watching, sent signed in order, whatever the filter, and listed by the feed', async () => {
    const contractor = await api(
      endpoints.contractorCompanyCatalogue.create,
      { body: { name: 'Acme' } },
      admin,
    );
    const plain = await subscribed();
    const filtered = await subscribed({ contractorCompanyId: contractor.id });
    const { scale, key } = await scaleWithKey(portal, admin, 'Weighbridge W');
    const faulty = keepReporting(portal, key, () => ({
      status: 'error',
      statusSince: new Date().toISOString(),
      reading: null,
    }));
    await expect.poll(() => plain.received.length, { timeout: 20_000 }).toBe(1);
    faulty.stop();
    const back = keepReporting(portal, key, () => bridgeReading(0, true));
    await expect.poll(() => plain.received.length, { timeout: 20_000 }).toBe(2);
    // Both workers go on watching a while: nothing more is told.
    await new Promise((resolve) => setTimeout(resolve, 2 * alertAfterMs));
    back.stop();

    for (const to of [plain, filtered]) {
      await expect.poll(() => to.received.length, { timeout: 10_000 }).toBe(2);
      expect(to.received.every((request) => request.verified)).toBe(true);
    }
    const [down, up] = plain.received.map((request) => request.envelope);
    const { incidentId } = (down?.data ?? {}) as { incidentId: number };
    expect(down).toMatchObject({
      version: 1,
      type: 'scale.down',
      eventId: plain.received[0]?.id,
      scaleId: scale.id,
      sequence: 1,
      data: { scaleId: scale.id, scaleName: 'Weighbridge W', status: 'error' },
    });
    expect(up).toMatchObject({
      type: 'scale.up',
      scaleId: scale.id,
      sequence: 2,
      data: { incidentId, scaleId: scale.id, recoveredAt: expect.any(String) },
    });
    expect(down).not.toHaveProperty('ticket');
    const stream = await portal.infra.eventStore.readStream(scaleIncidentStreamId(incidentId));
    expect(stream.map((event) => event.type)).toEqual(['ScaleOutageTold', 'ScaleOutageRecovered']);
    const listed = await feedEnvelopes(portal, admin, ['scale.down', 'scale.up']);
    expect(listed).toEqual(plain.received.map((request) => JSON.parse(request.body)));
  });
});
