import {
  exampleExternalLoad,
  type SoilFloStandIn,
  startSoilFloStandIn,
} from '@portal/api/test/soilflo-stand-in';
import type { ExternalReceipt, Ticket, TicketLogEntry } from '@portal/contract';
import { type ExternalLoad, externalLoadMessages, ticketMessages, ticketStreamId } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd, testAdmin, useTestPortal } from '../../test/portal';
import { at, hours, messages, useTicketPortal } from '../../test/ticket-kit';
import { externalReceiptQueue, receiptMessages } from '../soilflo/external-receipts';

/**
 * The SoilFLO integration (docs/soilflo.md) against a stand-in of SoilFLO's HTTP API on
 * loopback: the lookup, the SoilFLO form's receive toggle, Override, and receipts reported back.
 */
let standIn: SoilFloStandIn;
beforeAll(async () => {
  standIn = await startSoilFloStandIn();
});
afterAll(() => standIn?.close());

const kit = useTicketPortal({
  standardUser: true,
  env: () => ({
    SOILFLO_API_URL: standIn.url,
    SOILFLO_API_KEY: standIn.apiKey,
    SOILFLO_TIMEOUT_MS: '300',
    SOILFLO_RECEIPT_RETRY_MS: '200',
    SOILFLO_RECEIPT_ATTEMPTS: '8',
  }),
});

const load = (id: number, overrides: Partial<ExternalLoad> = {}) => exampleExternalLoad({ id, ...overrides });

/** A fresh SoilFLO ticket. */
const soilFLOTicket = async (): Promise<Ticket> => {
  const [ticket] = await kit.fresh(1, { isSoilFLOTicket: true });
  if (!ticket) throw new Error('no ticket');
  return ticket;
};

const lookup = (ticketNumber: number | string, headers = kit.admin) =>
  kit.call('GET', `/api/ticket/load/${ticketNumber}`, undefined, headers);

const saveExternal = (ticket: Ticket, fields: object, headers = kit.admin) =>
  kit.call(
    'PUT',
    '/api/ticket/edit/soilflo',
    {
      id: ticket.id,
      version: ticket.version,
      ticketNumber: ticket.ticketNumber,
      loggedInUserId: 1,
      ...fields,
    },
    headers,
  );

const receiptOf = async (ticketId: number) =>
  (await kit.call('GET', `/api/ticket/${ticketId}/soilflo-receipt`)).json<ExternalReceipt | null>();

/** Polls the ticket's receipt report until it is in `state`. */
const receiptReaches = (ticketId: number, state: ExternalReceipt['state']) =>
  expect.poll(async () => (await receiptOf(ticketId))?.state, { timeout: 20_000, interval: 100 }).toBe(state);

/**
 * Receives the ticket with the looked-up load while SoilFLO cannot take the receipt: the save answers
 * 200 (the gate is not blocked) and the receipt is tried at least twice; answers the receipt then.
 */
async function receiveWhileSoilFloIsOut(ticket: Ticket, looked: ExternalLoad) {
  const received = await saveExternal(ticket, { isReceived: true, soilFLOData: looked });
  expect(received.statusCode).toBe(200);
  await expect
    .poll(async () => (await receiptOf(ticket.id))?.attempts ?? 0, { timeout: 20_000, interval: 100 })
    .toBeGreaterThanOrEqual(2);
  return receiptOf(ticket.id);
}

const receiptPosts = (loadId: number) =>
  standIn.requests().filter((r) => r.method === 'POST' && r.path === `/loads/${loadId}/receipt`);

describe('GET /api/ticket/load/{ticketNumber}', () => {
  it('ignores void and rogue loads and answers the highest id of the rest', async () => {
    standIn.seed(501, [load(4), load(9, { status: 'void' }), load(7), load(12, { status: 'rogue' })]);
    const response = await lookup(501);
    expect(response.statusCode).toBe(200);
    expect(response.json<ExternalLoad>().id).toBe(7);
  });

  it('is its own route: a number after /load is not a ticket id and hash, and a word is a 400', async () => {
    standIn.seed(502, [load(21)]);
    expect((await lookup(502)).json<ExternalLoad>().id).toBe(21);
    const word = await lookup('abc');
    expect(word.statusCode).toBe(400);
    expect(word.json<{ errors: Record<string, string> }>().errors).toHaveProperty('ticketNumber');
  });

  it("says there is no load in the spec's words", async () => {
    standIn.seed(503, [load(30, { status: 'void' })]);
    const response = await lookup(503);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No SoilFLO load exists with BoL#: 503' });
  });

  it('answers 502 Failed to pull SoilFLO data when SoilFLO keeps failing, after retrying', async () => {
    standIn.behave('error');
    const before = standIn.requests().length;
    const response = await lookup(501);
    standIn.behave('normal');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Failed to pull SoilFLO data', code: 'unreachable' });
    expect(standIn.requests().length - before).toBe(3);
  });

  it('answers through one failure (a dropped connection is retried)', async () => {
    standIn.behave('drop', { times: 1 });
    const response = await lookup(501);
    expect(response.statusCode).toBe(200);
    expect(response.json<ExternalLoad>().id).toBe(7);
  });

  it('answers 502 SoilFLO data is not correct to an answer that is not a list of loads', async () => {
    standIn.behave('malformed', { times: 1 });
    const response = await lookup(501);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'SoilFLO data is not correct', code: 'not_correct' });
    standIn.seed(504, [load(40), { ...load(41), truck: null }]);
    expect((await lookup(504)).json()).toEqual({
      message: 'SoilFLO data is not correct',
      code: 'not_correct',
    });
  });

  it('is the administrators’', async () => {
    const response = await lookup(501, kit.standard);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden });
  });
});

describe('PUT /api/ticket/edit/soilflo: the receive toggle', () => {
  it('receives: filled from SoilFLO’s load, its dispatch time as UTC, received now by the user, updateSoilFLO on', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [
      load(70, { dispatchedTime: '2026-11-23T08:15:00' }),
      load(71, { status: 'void', dispatchedTime: '2026-11-23T09:00:00' }),
    ]);
    const response = await saveExternal(ticket, { isReceived: true, updateSoilFLO: true });
    expect(response.statusCode, response.body).toBe(200);
    const received = response.json<Ticket>();
    const sample = exampleExternalLoad();
    expect(received).toMatchObject({
      isReceived: true,
      isSoilFLOLoad: true,
      soilFLOTicketId: 70,
      updateSoilFLO: true,
      userId: 1,
      timeLoaded: '2026-11-23T08:15:00.000Z',
      jobSite: sample.sourceSite.name,
      contractorCompanyName: sample.sourceSite.contractingcompany.name,
      transportCompanyName: sample.truck.global_truck.hauler.name,
      truckDriverName: sample.truck.driverName,
      truckDriverNumber: sample.truck.driverPhone,
    });
    expect(Date.now() - Date.parse(received.timeReceived ?? '')).toBeLessThan(60_000);
    await receiptReaches(ticket.id, 'sent');
    expect(standIn.receipts().filter((r) => r.loadId === 70)).toEqual([
      expect.objectContaining({
        loadId: 70,
        ticketNumber: ticket.ticketNumber,
        receivedAt: received.timeReceived,
      }),
    ]);
  });

  it('takes the load the client looked up (soilFLOData) and refuses one that is not a load', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(80)]);
    const looked = {
      ...load(80),
      sourceSite: { name: '9 Quarry Ln', contractingcompany: { name: 'Pit Co' } },
    };
    const malformed = await saveExternal(ticket, { isReceived: true, soilFLOData: { ...looked, id: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'SoilFLO data is not correct',
      errors: { soilFLOData: 'SoilFLO data is not correct' },
    });
    expect((await kit.get(ticket.id)).version).toBe(ticket.version);
    const saved = await saveExternal(ticket, { isReceived: true, soilFLOData: looked });
    expect(saved.json<Ticket>()).toMatchObject({ jobSite: '9 Quarry Ln', contractorCompanyName: 'Pit Co' });
  });

  it('un-receives a received ticket: not received, time received cleared, updateSoilFLO off', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(90)]);
    const received = (await saveExternal(ticket, { isReceived: true })).json<Ticket>();
    const response = await saveExternal(received, { isReceived: false, updateSoilFLO: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Ticket>()).toMatchObject({
      isReceived: false,
      timeReceived: null,
      updateSoilFLO: false,
    });
  });

  it('saves without receiving, and a SoilFLO time after now refuses the receipt and changes nothing', async () => {
    const ticket = await soilFLOTicket();
    const future = at(hours(2)).replace('Z', '').slice(0, 19);
    const hauler = `Future Haulage ${ticket.ticketNumber}`;
    standIn.seed(ticket.ticketNumber, [
      load(100, {
        dispatchedTime: future,
        truck: {
          ...exampleExternalLoad().truck,
          global_truck: { number: 'T-1', license: 'FU1', hauler: { name: hauler } },
        },
      }),
    ]);
    const refused = await saveExternal(ticket, { isReceived: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Time received cannot be earlier than time loaded',
    );
    expect((await kit.get(ticket.id)).version).toBe(ticket.version);
    const companies = (await kit.call('GET', '/api/transportcompany/all')).json<{ name: string }[]>();
    expect(companies.map((c) => c.name)).not.toContain(hauler);
    const saved = await saveExternal(ticket, {});
    expect(saved.json<Ticket>()).toMatchObject({ isReceived: false, transportCompanyName: hauler });
  });

  it('asks SoilFLO nothing about a ticket that is not a SoilFLO load (409)', async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    // Lookups only: receipts of earlier tests may still be on their way to SoilFLO meanwhile.
    const lookups = () => standIn.requests().filter((request) => request.method === 'GET').length;
    const before = lookups();
    const response = await saveExternal(ticket, { isReceived: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: externalLoadMessages.notExternal });
    expect(lookups()).toBe(before);
  });
});

describe('Override?', () => {
  const reason = 'Driver carried a paper BoL; SoilFLO has no load';

  it('no load: 404 in the spec’s words, nothing changed; Override receives it as a non-SoilFLO ticket, logged with its reason', async () => {
    const ticket = await soilFLOTicket();
    const missing = await saveExternal(ticket, { isReceived: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: externalLoadMessages.noLoad(ticket.ticketNumber) });
    expect((await kit.get(ticket.id)).version).toBe(ticket.version);

    const overridden = await saveExternal(ticket, {
      isReceived: true,
      override: true,
      overrideReason: reason,
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json<Ticket>()).toMatchObject({ isSoilFLOLoad: false, isReceived: true, userId: 1 });
    const log = await kit.logs(ticket.id);
    const override = log.find((entry: TicketLogEntry) => entry.eventType === 'TicketExternalLoadOverridden');
    expect(override?.username).toBe(testAdmin.username);
    const events = await kit.portal.infra.eventStore.readStream(ticketStreamId(ticket.id));
    expect(events.find((event) => event.type === 'TicketExternalLoadOverridden')?.data).toEqual({
      ticketId: ticket.id,
      reason,
    });
    expect(await receiptOf(ticket.id)).toBeNull();
    // Now an ordinary ticket: the SoilFLO form is not its form any more.
    expect((await saveExternal(overridden.json<Ticket>(), { isReceived: false })).statusCode).toBe(409);
  });

  it('without a reason is refused (400) with a message saying one is needed, and changes nothing', async () => {
    const ticket = await soilFLOTicket();
    for (const overrideReason of [undefined, null, '', '   ']) {
      const refused = await saveExternal(ticket, { isReceived: true, override: true, overrideReason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: ticketMessages.overrideReasonRequired,
        errors: { overrideReason: ticketMessages.overrideReasonRequired },
      });
    }
    expect(await kit.get(ticket.id)).toMatchObject({
      version: ticket.version,
      isSoilFLOLoad: true,
      isReceived: false,
    });
  });

  it('keeps time loaded empty rather than inventing one', async () => {
    const ticket = await soilFLOTicket();
    expect(ticket.timeLoaded).toBeNull();
    const overridden = await saveExternal(ticket, {
      isReceived: true,
      override: true,
      overrideReason: reason,
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const received = overridden.json<Ticket>();
    expect(received.timeLoaded).toBeNull();
    expect(received.timeReceived).not.toBeNull();
    expect((await kit.get(ticket.id)).timeLoaded).toBeNull();
  });
});

describe('receipts carry the net weight; the scale and bulk receive report a SoilFLO load too', () => {
  let materialId: number;
  beforeAll(async () => {
    materialId = (await kit.material(`Fill ${Date.now()}`)).id;
  });

  /** A weigh-in by the spec's body, on the site's default tare chosen explicitly (a SoilFLO load has no truck record). */
  const weighIn = (ticketId: number, weight: number) =>
    kit.call('PUT', '/api/ticket/weigh', { ticketId, materialId, weight, tare: 'default' });

  const receiptsOf = (loadId: number) => standIn.receipts().filter((r) => r.loadId === loadId);

  it('a weigh-in of a SoilFLO load never looked up reports one receipt, to the load its number finds, with its net; a retried weigh-in reports nothing more', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(210), load(211, { status: 'void' })]);
    const weighed = await weighIn(ticket.id, 31_500);
    expect(weighed.statusCode, weighed.body).toBe(200);
    const received = weighed.json<Ticket>();
    expect(received).toMatchObject({ isReceived: true, isSoilFLOLoad: true, updateSoilFLO: true });
    expect(received.weight).toBeGreaterThan(0);
    await receiptReaches(ticket.id, 'sent');
    expect(await receiptOf(ticket.id)).toMatchObject({ loadId: 210, weight: received.weight });
    expect(receiptsOf(210)).toEqual([
      expect.objectContaining({
        ticketNumber: ticket.ticketNumber,
        receivedAt: received.timeReceived,
        weight: received.weight,
      }),
    ]);

    const again = await weighIn(ticket.id, 31_500);
    expect(again.statusCode, again.body).toBe(200);
    await kit.settle();
    await receiptReaches(ticket.id, 'sent');
    expect(receiptsOf(210)).toHaveLength(1);
  });

  it('a receipt from the form before the weigh-in says no weight (null, not 0), and the weigh-in then reports the receipt again with its net', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(220)]);
    const received = (await saveExternal(ticket, { isReceived: true })).json<Ticket>();
    await receiptReaches(ticket.id, 'sent');
    expect(receiptsOf(220)).toEqual([expect.objectContaining({ weight: null })]);

    const weighed = await weighIn(ticket.id, 29_000);
    expect(weighed.statusCode, weighed.body).toBe(200);
    const { weight } = weighed.json<Ticket>();
    expect(weight).toBeGreaterThan(0);
    await expect.poll(() => receiptsOf(220).length, { timeout: 20_000, interval: 100 }).toBe(2);
    expect(receiptsOf(220)[1]).toMatchObject({ receivedAt: received.timeReceived, weight });
    await receiptReaches(ticket.id, 'sent');
    expect(await receiptOf(ticket.id)).toMatchObject({ loadId: 220, weight });
  });

  it('a weigh-in while the report is still waiting for SoilFLO sends one report, with the weight', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(230)]);
    const looked = (await lookup(ticket.ticketNumber)).json<ExternalLoad>();
    standIn.behave('error');
    await saveExternal(ticket, { isReceived: true, soilFLOData: looked });
    await receiptReaches(ticket.id, 'pending');
    const weighed = await weighIn(ticket.id, 27_250);
    standIn.behave('normal');
    expect(weighed.statusCode, weighed.body).toBe(200);
    const { weight } = weighed.json<Ticket>();
    await receiptReaches(ticket.id, 'sent');
    expect(receiptsOf(230)).toEqual([expect.objectContaining({ weight })]);
  });

  it('a bulk receipt of a SoilFLO load reports one receipt; receiving the range again reports nothing more', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(240)]);
    const bulk = () =>
      runToEnd(kit.portal, kit.admin, {
        method: 'POST',
        url: '/api/ticket/bulk/receive',
        payload: { ticketRange: String(ticket.ticketNumber), forceReceive: false },
      });
    expect((await bulk()).result).toMatchObject({ success: 1, fail: 0 });
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: true, isSoilFLOLoad: true });
    await receiptReaches(ticket.id, 'sent');
    expect(receiptsOf(240)).toEqual([
      expect.objectContaining({ ticketNumber: ticket.ticketNumber, weight: null }),
    ]);
    expect((await bulk()).result).toMatchObject({
      fail: 1,
      results: [expect.objectContaining({ message: `already received: ${ticket.ticketNumber}` })],
    });
    await kit.settle();
    expect(receiptsOf(240)).toHaveLength(1);
  });

  it('a SoilFLO load SoilFLO has no load for: the report fails at once saying so, and nothing is sent', async () => {
    const ticket = await soilFLOTicket();
    const before = standIn.receipts().length;
    expect((await weighIn(ticket.id, 30_000)).statusCode).toBe(200);
    await receiptReaches(ticket.id, 'failed');
    expect(await receiptOf(ticket.id)).toMatchObject({
      loadId: null,
      reason: externalLoadMessages.noLoad(ticket.ticketNumber),
    });
    expect(standIn.receipts()).toHaveLength(before);
  });
});

describe('receipts reported back to SoilFLO', () => {
  it('while SoilFLO is down the gate is not blocked; the receipt waits, then is sent once when it is back', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(110)]);
    const looked = (await lookup(ticket.ticketNumber)).json<ExternalLoad>();
    standIn.behave('error');
    expect(await receiveWhileSoilFloIsOut(ticket, looked)).toMatchObject({
      state: 'pending',
      reason: expect.stringMatching(/500/),
    });
    standIn.behave('normal');
    await receiptReaches(ticket.id, 'sent');
    expect(standIn.receipts().filter((r) => r.loadId === 110)).toHaveLength(1);
  });

  it('while SoilFLO is stopped altogether the receipt waits, and is sent once when it is started again', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(115)]);
    const looked = (await lookup(ticket.ticketNumber)).json<ExternalLoad>();
    const { port } = new URL(standIn.url);
    await standIn.close();
    expect(await receiveWhileSoilFloIsOut(ticket, looked)).toMatchObject({
      state: 'pending',
      reason: 'SoilFLO could not be reached',
    });
    standIn = await startSoilFloStandIn({ port: Number(port), apiKey: standIn.apiKey });
    standIn.seed(ticket.ticketNumber, [load(115)]);
    await receiptReaches(ticket.id, 'sent');
    expect(standIn.receipts()).toEqual([
      expect.objectContaining({ loadId: 115, ticketNumber: ticket.ticketNumber }),
    ]);
  });

  it('is never recorded twice when a job is retried, nor sent again by a job that finds it sent', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(120)]);
    const looked = (await lookup(ticket.ticketNumber)).json<ExternalLoad>();
    standIn.behave('accept-then-drop', { times: 1 });
    await saveExternal(ticket, { isReceived: true, soilFLOData: looked });
    await receiptReaches(ticket.id, 'sent');
    expect(receiptPosts(120)).toHaveLength(2);
    expect(standIn.receipts().filter((r) => r.loadId === 120)).toHaveLength(1);

    const receipt = await kit.portal.infra.db
      .selectFrom('externalReceipts')
      .select('id')
      .where('ticketId', '=', ticket.id)
      .executeTakeFirstOrThrow();
    const again = await kit.portal.infra.jobs
      .queue(externalReceiptQueue)
      .add('send', { receiptId: receipt.id }, { jobId: `test-again-${receipt.id}` });
    await expect.poll(() => again.getState(), { timeout: 10_000 }).toBe('completed');
    expect(receiptPosts(120)).toHaveLength(2);
  });

  it('refused by SoilFLO: failed at once with the reason; Send again (administrators) sends it once SoilFLO knows the load', async () => {
    const ticket = await soilFLOTicket();
    const unknownToSoilFlo = load(130);
    await saveExternal(ticket, { isReceived: true, soilFLOData: unknownToSoilFlo });
    await receiptReaches(ticket.id, 'failed');
    expect((await receiptOf(ticket.id))?.reason).toMatch(/^SoilFLO refused the receipt: 404/);

    const byStandard = await kit.call(
      'POST',
      `/api/ticket/${ticket.id}/soilflo-receipt/resend`,
      {},
      kit.standard,
    );
    expect(byStandard.statusCode).toBe(403);
    standIn.seed(ticket.ticketNumber, [unknownToSoilFlo]);
    const resent = await kit.call('POST', `/api/ticket/${ticket.id}/soilflo-receipt/resend`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<ExternalReceipt>().state).toBe('pending');
    await receiptReaches(ticket.id, 'sent');
    expect(standIn.receipts().filter((r) => r.loadId === 130)).toHaveLength(1);
    const sentAgain = await kit.call('POST', `/api/ticket/${ticket.id}/soilflo-receipt/resend`, {});
    expect(sentAgain.statusCode).toBe(409);
    expect(sentAgain.json()).toEqual({ message: receiptMessages.notFailed });
  });

  it('a receipt reset before it was sent is withdrawn and never sent', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(140)]);
    const looked = (await lookup(ticket.ticketNumber)).json<ExternalLoad>();
    standIn.behave('error');
    const received = (await saveExternal(ticket, { isReceived: true, soilFLOData: looked })).json<Ticket>();
    await receiptReaches(ticket.id, 'pending');
    await saveExternal(received, { isReceived: false });
    await receiptReaches(ticket.id, 'withdrawn');
    standIn.behave('normal');
    await kit.settle();
    expect(standIn.receipts().filter((r) => r.loadId === 140)).toEqual([]);
  });

  it('a burst of concurrent receives of one load receives it once and reports it once', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(170)]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        // No version: each one decides on the ticket as it finds it.
        kit.call('PUT', '/api/ticket/edit/soilflo', { id: ticket.id, isReceived: true }),
      ),
    );
    const others = answers.filter((answer) => answer.statusCode !== 200 && answer.statusCode !== 409);
    expect(others.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    await receiptReaches(ticket.id, 'sent');
    const rows = await kit.portal.infra.db
      .selectFrom('externalReceipts')
      .select('id')
      .where('ticketId', '=', ticket.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(standIn.receipts().filter((r) => r.loadId === 170)).toHaveLength(1);
  });

  it('is not reported when the receipt says so (updateSoilFLO: false)', async () => {
    const ticket = await soilFLOTicket();
    standIn.seed(ticket.ticketNumber, [load(150)]);
    const received = await saveExternal(ticket, { isReceived: true, updateSoilFLO: false });
    expect(received.json<Ticket>()).toMatchObject({ isReceived: true, updateSoilFLO: false });
    expect(await receiptOf(ticket.id)).toBeNull();
  });
});

describe('a standard user and the office’s own forms', () => {
  it('a standard user cannot use the SoilFLO form, but sees the report’s state', async () => {
    const ticket = await soilFLOTicket();
    const response = await saveExternal(ticket, { isReceived: true }, kit.standard);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden });
    const state = await kit.call('GET', `/api/ticket/${ticket.id}/soilflo-receipt`, undefined, kit.standard);
    expect(state.statusCode).toBe(200);
  });

  it('the dashboard’s receive and the ticket forms refuse a SoilFLO load (409): it is received from SoilFLO’s data', async () => {
    const ticket = await soilFLOTicket();
    const dashboard = await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id }, kit.standard);
    expect(dashboard.statusCode).toBe(409);
    expect(dashboard.json()).toEqual({ message: externalLoadMessages.useExternalForm });
    const form = await kit.call('PUT', '/api/ticket/edit', { ticket: { id: ticket.id, isReceived: true } });
    expect(form.statusCode).toBe(409);
    expect((await kit.get(ticket.id)).isReceived).toBe(false);
  });
});

describe('without SOILFLO_API_URL and SOILFLO_API_KEY', () => {
  const bare = useTestPortal();
  const notConfigured = {
    message: 'SoilFLO is not configured: set SOILFLO_API_URL and SOILFLO_API_KEY.',
    code: 'not_configured',
  };
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    bare.portal.app.inject({ method, url, headers: bare.admin, ...(payload ? { payload } : {}) });

  it('the lookup and a receive say the integration is not configured (503), and the ticket stays as it was', async () => {
    const lookupResponse = await inject('GET', '/api/ticket/load/5');
    expect(lookupResponse.statusCode).toBe(503);
    expect(lookupResponse.json()).toEqual(notConfigured);

    await runToEnd(bare.portal, bare.admin, {
      method: 'POST',
      url: '/api/ticket/generate',
      payload: { from: 5, to: 5, isSoilFLOTicket: true, email: null },
    });
    const [ticket] = (await inject('POST', '/api/ticket/search', { ticketNumber: '5' })).json<Ticket[]>();
    if (!ticket) throw new Error('no ticket 5');
    const receive = await inject('PUT', '/api/ticket/edit/soilflo', { id: ticket.id, isReceived: true });
    expect(receive.statusCode).toBe(503);
    expect(receive.json()).toEqual(notConfigured);
    expect((await inject('GET', `/api/ticket/${ticket.id}`)).json<Ticket>().version).toBe(ticket.version);
  });
});
