import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runToEnd, useTestPortal } from '@portal/api/test/portal';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'replay-ticket.ts');
const ctx = useTestPortal();

beforeAll(async () => {
  await runToEnd(ctx.portal, ctx.admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from: 41, to: 42 },
  });
  const [ticket] = (
    await ctx.portal.app.inject({
      method: 'POST',
      url: '/api/ticket/search',
      headers: ctx.admin,
      payload: { ticketNumber: '42' },
    })
  ).json<{ id: number }[]>();
  await ctx.portal.app.inject({
    method: 'PUT',
    url: '/api/ticket/edit/short',
    headers: ctx.admin,
    payload: { ticket: { id: ticket?.id, jobSite: 'Quarry Road', truckLicensePlate: 'zx98765' } },
  });
  await ctx.portal.app.inject({
    method: 'PUT',
    url: '/api/ticket/receive',
    headers: ctx.admin,
    payload: { ticketId: ticket?.id },
  });
});

const replay = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: ctx.portal.database.url },
  });

describe('npm run replay', () => {
  it('prints every event of a ticket and its state as of the last one, from the event store alone', async () => {
    // Emptying the read model proves the replay does not read it.
    await ctx.portal.infra.db.deleteFrom('tickets').execute();
    const { stdout } = await replay('--ticket', '42');
    expect(stdout).toMatch(/Ticket 42 \(id \d+\): 3 events/);
    expect(stdout).toMatch(/#1 .* TicketGenerated/);
    expect(stdout).toMatch(/#2 .* TicketEdited/);
    expect(stdout).toMatch(/#3 .* TicketReceived/);
    expect(stdout).toContain('State as of event #3 (TicketReceived):');
    const state = JSON.parse(stdout.slice(stdout.indexOf('{', stdout.indexOf('State as of'))));
    expect(state).toMatchObject({
      ticketNumber: 42,
      jobSite: 'Quarry Road',
      truckLicensePlate: 'ZX98765',
      isReceived: true,
    });
  });

  it('shows the state as of a chosen event', async () => {
    const { stdout } = await replay('--ticket', '42', '--at', '2');
    const state = JSON.parse(stdout.slice(stdout.indexOf('{', stdout.indexOf('State as of'))));
    expect(state).toMatchObject({ jobSite: 'Quarry Road', isReceived: false });
  });

  it('says so for an unknown number', async () => {
    await expect(replay('--ticket', '999')).rejects.toMatchObject({
      stderr: expect.stringContaining('No ticket number 999'),
    });
  });
});
