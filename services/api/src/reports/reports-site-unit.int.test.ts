import { injector, runToEnd, useTestPortal } from '@portal/api/test/portal';
import { mailReaches, readSheets, seedLoads, siteTimeZone } from '@portal/api/test/report-kit';
import type { OutboxMailSummary, Settings } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportColumns } from './ticket-export';

// A site that shows weights in pounds: the export it mails names and holds pounds (issue 29, section 2).
const ctx = useTestPortal({ env: { SITE_TIMEZONE: siteTimeZone } });
const call = injector(() => ctx.portal);

beforeAll(async () => {
  await seedLoads(ctx.portal, ctx.admin);
  const settings = (await call('GET', '/api/setting', ctx.admin)).json<Settings>();
  const saved = await call('PUT', '/api/setting', ctx.admin, { ...settings, displayUnit: 'lb' });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('the ticket export on a lb site', () => {
  it('has a Net weight (lb) column in whole pounds, the recorded KG beside it, and totals of both', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/generate/excel',
      payload: { from: 100_001, to: 100_006, email: 'yard@site.test' },
    });
    expect(run.state).toBe('completed');
    await mailReaches(ctx.portal, ctx.admin, run.id, 'sent');
    const outbox = (await call('GET', '/api/mail/outbox', ctx.admin)).json<OutboxMailSummary[]>();
    const kept = outbox.find((mail) => mail.subject === 'Ticket export 100001 to 100006');
    const download = await call('GET', `/api/mail/outbox/${kept?.id}/attachments/0`, ctx.admin);
    const { Tickets: rows } = await readSheets(download.rawPayload);

    expect(rows?.[0]).toEqual(exportColumns('lb'));
    expect(rows?.[0]?.slice(13, 15)).toEqual(['Net weight (lb)', 'Net weight as recorded (kg)']);
    const weightsOf = (number: string) => rows?.find((row) => row[0] === number)?.slice(13, 15);
    // 12 000 kg / 0.45359237 = 26 455.47 lb; 9 005 kg = 19 852.63 lb: whole pounds, never false decimals.
    expect(weightsOf('100001')).toEqual([26_455, 12_000]);
    expect(weightsOf('100003')).toEqual([19_853, 9_005]);
    expect(weightsOf('100006')).toEqual(['', '']);
    // 62 555 kg in all.
    expect(rows?.at(-1)?.slice(13, 15)).toEqual([137_910, 62_555]);
  });
});
