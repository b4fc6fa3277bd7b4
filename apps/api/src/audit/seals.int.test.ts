import { injector, useTestPortal } from '@portal/api/test/portal';
import { serverForTestFile } from '@portal/api/test/server-for-test-file';
import { startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import type { Seal } from '@portal/contract';
import type { ChainVerification } from '@portal/event-store';
import { describe, expect, it } from 'vitest';
import { newSealKey, sealPublicKeyOf } from '../data-dir-secrets';
import { siteDate } from '../site-time';
import { sealIfDue, sealOnDemand } from './seals';

const receiver = serverForTestFile(() => startSmtpTestReceiver());

const ctx = useTestPortal({ standardUser: true, env: () => ({ SMTP_URL: receiver().url }) });
const call = injector(() => ctx.portal);

/** The streams and events a seal taken now covers: all but the seal stream's. */
const storeCounts = async () =>
  (
    await ctx.portal.infra.pool.query<{ streams: number; events: number }>(
      `SELECT count(DISTINCT stream_id)::int AS streams, count(*)::int AS events FROM events WHERE stream_id <> 'audit-seals'`,
    )
  ).rows[0];

async function mailTo(subjectStart: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = receiver().received.find((received) => received.subject?.startsWith(subjectStart));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail '${subjectStart}…' within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /api/audit/seal and GET /api/audit/seals', () => {
  it("seals every stream's head for an administrator, lists it first, and verify then checks it", async () => {
    const counts = await storeCounts();
    const response = await call('POST', '/api/audit/seal', ctx.admin);

    expect(response.statusCode, response.body).toBe(200);
    const seal = response.json<Seal>();
    expect(seal).toMatchObject({ version: 1, reason: 'on-demand', ...counts });
    expect(seal.merkleRoot).toMatch(/^[0-9a-f]{64}$/);
    expect(ctx.portal.config.sealPublicKeys).toContain(seal.publicKey);
    const listed = await call('GET', '/api/audit/seals', ctx.admin);
    expect(listed.json<Seal[]>()[0]).toEqual(seal);
    const verified = await call('GET', '/api/audit/verify', ctx.admin);
    expect(verified.json<ChainVerification>()).toMatchObject({ ok: true, firstBreak: null });
  });

  it('refuses a standard user', async () => {
    expect((await call('POST', '/api/audit/seal', ctx.standard)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit/seals', ctx.standard)).statusCode).toBe(403);
  });
});

describe('the scheduled seals', () => {
  it("seals the end of the site's day once it is over and mails the administrators its day, events and digest", async () => {
    const [latest] = (await call('GET', '/api/audit/seals', ctx.admin)).json<Seal[]>();
    const sealedAt = new Date((latest as Seal).sealedAt);
    const { siteTimezone } = ctx.portal.config;
    const day = siteDate(siteTimezone, sealedAt);
    // A day later, but never in the site's last hour before midnight: the checks 59 and 60 minutes on must fall
    // in the same site day, or the next day's end is due too (the test failed when run within an hour
    // before the site's midnight, 04:00 to 05:00 UTC in Toronto's winter).
    const dayLater = new Date(sealedAt.getTime() + 24 * 3_600_000);
    const nearMidnight =
      siteDate(siteTimezone, dayLater) !== siteDate(siteTimezone, new Date(dayLater.getTime() + 61 * 60_000));
    const tomorrow = nearMidnight ? new Date(dayLater.getTime() - 2 * 3_600_000) : dayLater;
    expect(siteDate(siteTimezone, tomorrow)).not.toBe(day);

    const endOfDay = await sealIfDue(ctx.portal.host, () => tomorrow);
    expect(endOfDay).toMatchObject({ reason: 'end-of-day', events: (await storeCounts())?.events });
    const seal = endOfDay as Seal;
    const mail = await mailTo(`Seal of ${day}`);
    expect(mail.to).toMatchObject({ text: ctx.portal.config.adminEmail });
    expect(mail.text).toContain(`Day: ${day}`);
    expect(mail.text).toContain(`Events: ${seal.events}`);
    expect(mail.text).toContain(seal.merkleRoot);

    expect(await sealIfDue(ctx.portal.host, () => new Date(tomorrow.getTime() + 59 * 60_000))).toBeNull();
    expect(await sealIfDue(ctx.portal.host, () => new Date(tomorrow.getTime() + 60 * 60_000))).toMatchObject({
      reason: 'hourly',
    });
  });

  it("is the end-of-day seal when asked for on demand once the site's day is over, before the scheduler looks", async () => {
    const [latest] = (await call('GET', '/api/audit/seals', ctx.admin)).json<Seal[]>();
    const nextDay = new Date(new Date((latest as Seal).sealedAt).getTime() + 24 * 3_600_000);

    expect(await sealOnDemand(ctx.portal.host, () => nextDay)).toMatchObject({ reason: 'end-of-day' });
    expect(await sealOnDemand(ctx.portal.host, () => nextDay)).toMatchObject({ reason: 'on-demand' });
  });
});

describe('a rotated seal key', () => {
  it("keeps the old key's seals verifying while its public key is kept, and names the first of them once it is not", async () => {
    const { config } = ctx.portal.infra;
    const oldKeys = config.sealPublicKeys;
    const rotated = newSealKey();
    Object.assign(config, { sealKey: rotated, sealPublicKeys: [sealPublicKeyOf(rotated), ...oldKeys] });
    try {
      const seal = (await call('POST', '/api/audit/seal', ctx.admin)).json<Seal>();
      expect(seal.publicKey).toBe(sealPublicKeyOf(rotated));
      const kept = (await call('GET', '/api/audit/verify', ctx.admin)).json<ChainVerification>();
      expect(kept).toMatchObject({ ok: true, firstBreak: null });

      config.sealPublicKeys = [sealPublicKeyOf(rotated)];
      const dropped = (await call('GET', '/api/audit/verify', ctx.admin)).json<ChainVerification>();
      console.info('old seal key no longer kept:', JSON.stringify(dropped));
      expect(dropped.firstBreak).toMatchObject({
        streamId: 'audit-seals',
        position: 1,
        reason: 'seal-signature-invalid',
      });
    } finally {
      config.sealPublicKeys = oldKeys;
    }
  });
});
