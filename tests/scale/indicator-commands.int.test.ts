import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { BridgeReport, BridgeReportAnswer, ScaleCommand, ScaleCommandStatus } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { bridgedScale, newScale } from '../support/bridged-scale';

// Zero, tare and print from the Scale page (issue 29): asked through the API, taken by a real bridge
// reading an indicator on a socat pty pair, written to the indicator as its format's bytes, and
// logged with who asked and what the bridge did.

const kit = useTicketPortal({ standardUser: true });
const poll = { timeout: 10_000, interval: 20 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Mettler Toledo continuous output, stable gross 0 kg (STX, SWA, SWB, SWC, weight, tare, CR). */
const toledoZero = Buffer.from('\x02\x2a\x30\x20000000000000\r', 'latin1');
/** The CSV format's line: stable, gross, 0 kg. */
const csvZero = Buffer.from('ST,GS,+0000000kg\r\n', 'latin1');

/** A scale whose bridge reads an indicator streaming `frame` in `protocol`; what the bridge writes to it is kept. */
async function scaleOnPty(protocol: 'toledo' | 'csv', frame: Buffer) {
  const bridged = await bridgedScale(kit, cleanups, {
    protocol,
    frame: () => frame,
    env: { SCALE_TOLEDO_CHECKSUM: 'off' },
  });
  await expect.poll(async () => (await bridged.live()).status, poll).toBe('ok');
  return bridged;
}

const ask = (scaleId: number, command: string, headers = kit.standard) =>
  kit.call('POST', `/api/scale/${scaleId}/command`, { command }, headers);

async function log(scaleId: number): Promise<ScaleCommand[]> {
  const response = await kit.call('GET', `/api/scale/${scaleId}/commands`, undefined, kit.standard);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ScaleCommand[]>();
}

const statuses = async (scaleId: number): Promise<[string, ScaleCommandStatus][]> =>
  (await log(scaleId)).map(({ command, status }) => [command, status]);

describe('indicator commands through a real bridge', () => {
  it("zero, tare and print reach a Toledo indicator as its format's bytes, and the scale's log says sent", async () => {
    const { scale, received } = await scaleOnPty('toledo', toledoZero);
    const askedAt = Date.now();
    const zero = await ask(scale.id, 'zero');
    expect(zero.statusCode, zero.body).toBe(202);
    expect(zero.json<ScaleCommand>()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      scaleId: scale.id,
      command: 'zero',
      requestedAt: expect.any(String),
      requestedByUserId: kit.standardUserId,
      requestedByName: 'Sam Standard',
      status: 'pending',
      deliveredAt: null,
      answeredAt: null,
    });
    // Toledo's remote commands are single characters: Z zero, T tare, P print.
    await expect.poll(() => received().toString('latin1'), poll).toBe('Z');
    await expect.poll(() => statuses(scale.id), poll).toEqual([['zero', 'sent']]);
    console.log(`indicator command: asked → logged as sent after ${Date.now() - askedAt} ms`);

    expect((await ask(scale.id, 'tare')).statusCode).toBe(202);
    expect((await ask(scale.id, 'print', kit.admin)).statusCode).toBe(202);
    await expect.poll(() => received().toString('latin1'), poll).toBe('ZTP');
    await expect
      .poll(() => statuses(scale.id), poll)
      .toEqual([
        ['print', 'sent'],
        ['tare', 'sent'],
        ['zero', 'sent'],
      ]);
    const [print] = await log(scale.id);
    expect(print).toMatchObject({ requestedByName: 'Portal Administrator', deliveredAt: expect.any(String) });
    expect(Date.parse(print?.answeredAt ?? '')).toBeGreaterThanOrEqual(Date.parse(print?.deliveredAt ?? ''));
  });

  it('a command the indicator’s format does not have is logged as unsupported, and nothing is written', async () => {
    const { scale, received } = await scaleOnPty('csv', csvZero);
    expect((await ask(scale.id, 'tare')).statusCode).toBe(202);
    await expect.poll(() => statuses(scale.id), poll).toEqual([['tare', 'unsupported']]);
    expect(received()).toEqual(Buffer.alloc(0));
  });

  it('a command while the bridge has no port open is logged as port-closed', async () => {
    const { scale, unplug, live } = await scaleOnPty('toledo', toledoZero);
    await unplug();
    await expect.poll(async () => (await live()).status, poll).toBe('disconnected');
    expect((await ask(scale.id, 'zero')).statusCode).toBe(202);
    await expect.poll(() => statuses(scale.id), poll).toEqual([['zero', 'port-closed']]);
  });
});

describe('the bridge report and its commands', () => {
  const report = (fields: Partial<BridgeReport> = {}): BridgeReport => ({
    status: 'disconnected',
    statusSince: new Date().toISOString(),
    reading: null,
    ...fields,
  });
  const put = (key: string, body: BridgeReport) =>
    kit.call('PUT', '/api/scale/bridge/report', body, { authorization: `Bridge ${key}` });

  it('a bridge from before commands keeps its 204 and is handed none; one that takes them gets each once', async () => {
    const { scale, key } = await newScale(kit);
    const { id } = (await ask(scale.id, 'zero')).json<ScaleCommand>();
    const old = await put(key, report());
    expect(old.statusCode).toBe(204);
    expect(old.body).toBe('');
    expect(await statuses(scale.id)).toEqual([['zero', 'pending']]);

    const first = await put(key, report({ acceptsCommands: true }));
    expect(first.statusCode).toBe(200);
    expect(first.json<BridgeReportAnswer>()).toEqual({ commands: [{ id, command: 'zero' }] });
    expect((await put(key, report({ acceptsCommands: true }))).json()).toEqual({ commands: [] });
    expect(await statuses(scale.id)).toEqual([['zero', 'delivered']]);

    // Another scale's bridge cannot answer for this scale's command; its own bridge can, once.
    const other = await newScale(kit);
    await put(other.key, report({ commandResults: [{ id, outcome: 'unsupported' }] }));
    expect(await statuses(scale.id)).toEqual([['zero', 'delivered']]);
    await put(key, report({ acceptsCommands: true, commandResults: [{ id, outcome: 'sent' }] }));
    await put(key, report({ acceptsCommands: true, commandResults: [{ id, outcome: 'port-closed' }] }));
    expect(await statuses(scale.id)).toEqual([['zero', 'sent']]);
  });

  it('a command no bridge takes within 10 s expires and is never handed out', async () => {
    const { scale, key } = await newScale(kit);
    const { id } = (await ask(scale.id, 'print')).json<ScaleCommand>();
    // Ten seconds on, without waiting them out.
    await kit.portal.infra.pool.query(
      `UPDATE scale_command SET requested_at = requested_at - interval '10 seconds' WHERE id = $1`,
      [id],
    );
    expect(await statuses(scale.id)).toEqual([['print', 'expired']]);
    expect((await put(key, report({ acceptsCommands: true }))).json()).toEqual({ commands: [] });
  });

  it('only signed-in staff ask for commands or read the log; a bridge key, no token or an unknown scale is refused', async () => {
    const { scale, key } = await newScale(kit);
    expect((await ask(scale.id, 'zero', {})).statusCode).toBe(401);
    expect((await ask(scale.id, 'zero', { authorization: `Bridge ${key}` })).statusCode).toBe(401);
    expect((await kit.call('GET', `/api/scale/${scale.id}/commands`, undefined, {})).statusCode).toBe(401);
    expect((await ask(scale.id, 'calibrate')).statusCode).toBe(400);
    expect((await ask(987_654, 'zero')).statusCode).toBe(404);
    expect((await kit.call('GET', '/api/scale/987654/commands', undefined, kit.standard)).statusCode).toBe(
      404,
    );
    expect(await log(scale.id)).toEqual([]);
  });
});
