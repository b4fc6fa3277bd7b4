import {
  bearer,
  createStandardUser,
  type Headers,
  startTestPortal,
  type TestPortal,
  testAdmin,
  testStandardUser,
} from '@portal/api/test/portal';
import { bridgeReading, keepReporting, scaleWithKey } from '@portal/api/test/scale-kit';
import { type SmtpTestReceiver, startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import type { ScaleAlert } from '@portal/contract';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from '../portal';

// The production set-up: an API process without workers, a worker process beside it (restarted midway),
// live scales and queues on Redis, mail through a real SMTP server. A minute is 1.5 s here.
const alertAfterMs = 1500;
let receiver: SmtpTestReceiver;
let portal: TestPortal;
let admin: Headers;
let standard: Headers;
let worker: Awaited<ReturnType<typeof startServices>> | undefined;
const secondAdmin = {
  username: 'yard.manager@site.test',
  password: 'Second-admin-fjord-44',
  firstName: 'Yard',
  lastName: 'Manager',
  roleId: 1,
};

const startWorker = () => startServices(portal.config, { role: 'worker', workers: true });

beforeAll(async () => {
  receiver = await startSmtpTestReceiver();
  portal = await startTestPortal({
    env: {
      SMTP_URL: receiver.url,
      REDIS_URL: testRedisUrl,
      WORKERS: 'off',
      SCALE_ALERT_AFTER_MS: String(alertAfterMs),
    },
  });
  admin = bearer(await portal.login());
  standard = (await createStandardUser(portal, admin)).headers;
  const created = await portal.app.inject({
    method: 'POST',
    url: '/api/user/new',
    headers: admin,
    payload: secondAdmin,
  });
  expect(created.statusCode, created.body).toBe(200);
  worker = await startWorker();
});
afterAll(async () => {
  await worker?.close();
  await portal?.stop();
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const newScale = (scaleName: string) => scaleWithKey(portal, admin, scaleName);
const reportingZero = (key: string) => keepReporting(portal, key, () => bridgeReading(0, true));

const alerts = async (headers: Headers = standard) =>
  (await portal.app.inject({ method: 'GET', url: '/api/scale/alerts', headers })).json<ScaleAlert[]>();

async function waitFor<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const mailsAbout = (scaleName: string): ParsedMail[] =>
  receiver.received.filter((mail) => mail.subject?.startsWith(`Scale ${scaleName} is`));

const addressesOf = (mail: ParsedMail) =>
  (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((address) => address.address) : []).sort();

describe('a scale out for longer than SCALE_ALERT_AFTER_MS', () => {
  it('is told once per incident: one e-mail to the administrators with an address, surviving a worker restart, and none after it is back', async () => {
    const { scale, key } = await newScale('Weighbridge A');
    const bridge = reportingZero(key);
    await sleep(alertAfterMs + 1000);
    expect(await alerts()).toEqual([]);

    // The bridge dies: disconnected 1.5 s after its last report, told 1.5 s after that.
    bridge.stop();
    const alert = await waitFor('the alert', async () =>
      (await alerts()).find((candidate) => candidate.scaleId === scale.id),
    );
    expect(alert).toMatchObject({ scaleName: 'Weighbridge A', status: 'disconnected', recoveredAt: null });
    expect(Date.parse(alert.alertedAt) - Date.parse(alert.since)).toBeGreaterThanOrEqual(alertAfterMs);
    const [mail] = await waitFor('the e-mail', async () => {
      const mails = mailsAbout('Weighbridge A');
      return mails.length > 0 ? mails : undefined;
    });
    expect(mail?.subject).toBe('Scale Weighbridge A is disconnected');
    expect(addressesOf(mail as ParsedMail)).toEqual([testAdmin.username, secondAdmin.username].sort());
    expect(mail?.text).toContain('The scale Weighbridge A has been disconnected since');
    expect(addressesOf(mail as ParsedMail)).not.toContain(testStandardUser.username);

    // The worker restarts mid-incident: the incident is in PostgreSQL, so no second e-mail.
    await worker?.close();
    worker = await startWorker();
    await sleep(3 * alertAfterMs);
    expect(mailsAbout('Weighbridge A')).toHaveLength(1);
    expect(await alerts()).toEqual([alert]);

    // Back: the incident ends (the UI shows "back" once), and no e-mail says so or repeats the alert.
    const back = reportingZero(key);
    const recovered = await waitFor('the recovery', async () =>
      (await alerts(admin)).find((candidate) => candidate.id === alert.id && candidate.recoveredAt !== null),
    );
    expect(recovered).toMatchObject({ ...alert, recoveredAt: expect.any(String) });
    await sleep(3 * alertAfterMs);
    back.stop();
    expect(mailsAbout('Weighbridge A')).toHaveLength(1);
  });

  it('tells an indicator in error once too; a scale whose bridge never reported raises nothing', async () => {
    const faulty = await newScale('Weighbridge B');
    const neverWired = await newScale('Weighbridge C');
    const faultSince = new Date().toISOString();
    const bridge = keepReporting(portal, faulty.key, () => ({
      status: 'error',
      statusSince: faultSince,
      reading: null,
    }));
    const alert = await waitFor('the alert', async () =>
      (await alerts()).find((candidate) => candidate.scaleId === faulty.scale.id),
    );
    expect(alert).toMatchObject({ status: 'error', since: faultSince, recoveredAt: null });
    await waitFor('the e-mail', async () => mailsAbout('Weighbridge B')[0]);
    await sleep(3 * alertAfterMs);
    bridge.stop();
    expect(mailsAbout('Weighbridge B').map((mail) => mail.subject)).toEqual([
      'Scale Weighbridge B is in error',
    ]);
    expect(mailsAbout('Weighbridge C')).toEqual([]);
    expect((await alerts()).map((candidate) => candidate.scaleId)).not.toContain(neverWired.scale.id);
  });
});
