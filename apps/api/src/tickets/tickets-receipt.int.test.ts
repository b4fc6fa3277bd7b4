import { testStandardUser } from '@portal/api/test/portal';
import { exampleExternalLoad } from '@portal/api/test/soilflo-stand-in';
import {
  at,
  expectInvalid,
  hours,
  messages,
  minutes,
  type Named,
  useTicketPortal,
} from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { ticketMessages, ticketStreamId } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';

// The ticket lifecycle (docs/rules.md, "Tickets and their states"): receive, reset, reject, the dispatch
// lock and weighing in.
const kit = useTicketPortal({ standardUser: true, companies: true });

let adminId: number;
beforeAll(async () => {
  const users = (await kit.call('GET', '/api/user/all')).json<{ id: number; username: string }[]>();
  adminId = users.find((u) => u.username === 'admin@portal.test')?.id ?? 0;
});

const one = async (options?: { isSoilFLOTicket?: boolean }): Promise<Ticket> => {
  const [ticket] = await kit.fresh(1, options);
  if (!ticket) throw new Error('no ticket');
  return ticket;
};
const receive = (body: object, headers = kit.admin) => kit.call('PUT', '/api/ticket/receive', body, headers);
const reset = (id: number, headers = kit.admin) =>
  kit.call('PUT', '/api/ticket/reset', { ticket: { id }, loggedInUserId: 1 }, headers);
const reject = (body: object, headers = kit.admin) => kit.call('POST', '/api/ticket/reject', body, headers);
const toggle = (id: number, headers = kit.admin) =>
  kit.call('PUT', '/api/ticket/toggle/dispatch', { ticket: { id }, loggedInUserId: 1 }, headers);
const weigh = (body: object, headers = kit.admin) => kit.call('PUT', '/api/ticket/weigh', body, headers);
const eventTypes = async (id: number) => (await kit.logs(id)).map((e) => e.eventType);
const near = (iso: string | null, ms = Date.now(), slack = 30_000) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(Date.parse(iso ?? '') - ms)).toBeLessThan(slack);
};

describe('receiving from the dashboard: PUT /api/ticket/receive', () => {
  it("receives, clears the time loaded (kept as the load's, issue 34 D3) and names the receiving user", async () => {
    const ticket = await one();
    const form = kit.completeForm(kit.companyIds());
    const saved = await kit.full(ticket.id, form);
    expect(saved.loadTimeLoaded).toBe(saved.timeLoaded);
    const response = await receive({ ticketId: ticket.id, source: 'dashboard' }, kit.standard);
    expect(response.statusCode, response.body).toBe(200);
    const received = response.json<Ticket>();
    expect(received).toMatchObject({
      isReceived: true,
      timeLoaded: null,
      loadTimeLoaded: saved.timeLoaded,
      userId: kit.standardUserId,
      userFirstName: testStandardUser.firstName,
      userLastName: testStandardUser.lastName,
    });
    // A dashboard receipt happens now, not at a time saved on the form earlier.
    near(received.timeReceived);
    expect(await kit.get(ticket.id)).toEqual(received);
    expect(await eventTypes(ticket.id)).toEqual(['TicketReceived', 'TicketEdited', 'TicketGenerated']);
  });

  it('receives an incomplete ticket too, and saves what the dialog filled in with the receipt', async () => {
    const ticket = await one();
    const response = await receive({
      ticketId: ticket.id,
      source: 'dashboard',
      ticket: {
        jobSite: 'Dialog Site',
        siteContactName: 'Sid',
        transportCompanyId: kit.haulCo.id,
        truckLicensePlate: 'zz12345',
        truckNumber: '42',
        truckDriverName: 'Dora',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      isReceived: true,
      jobSite: 'Dialog Site',
      siteContactName: 'Sid',
      transportCompanyName: 'Haul Co',
      truckLicensePlate: 'ZZ12345',
      truckNumber: '42',
      truckDriverName: 'Dora',
      userId: adminId,
      userFirstName: 'Portal',
    });
    expect(await eventTypes(ticket.id)).toEqual(['TicketReceived', 'TicketEdited', 'TicketGenerated']);
  });

  it.each([
    ['transportCompanyId', 'Haulage company not found.'],
    ['truckId', 'Truck not found.'],
  ])(
    "an unknown %s in the dialog's details is a 400 naming it: not received, no event appended",
    async (field, message) => {
      const ticket = await one();
      const events = () => kit.portal.infra.eventStore.readStream(ticketStreamId(ticket.id));
      const before = await events();
      const response = await receive({
        ticketId: ticket.id,
        source: 'dashboard',
        ticket: { jobSite: 'Ghost Site', [field]: 987654 },
      });
      expectInvalid(response, { [field]: message });
      expect(await events()).toEqual(before);
      expect(await kit.get(ticket.id)).toEqual(ticket);
    },
  );

  it('receiving twice is a 409 and changes nothing', async () => {
    const ticket = await one();
    expect((await receive({ ticketId: ticket.id, source: 'dashboard' })).statusCode).toBe(200);
    const before = await kit.get(ticket.id);
    for (const source of ['dashboard', 'ticket']) {
      const again = await receive({ ticketId: ticket.id, source }, kit.standard);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: messages.alreadyReceived });
    }
    expect(await kit.get(ticket.id)).toEqual(before);
  });

  it('20 concurrent receives: one 200, nineteen 409, one TicketReceived in the log', async () => {
    const ticket = await one();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        receive({ ticketId: ticket.id, source: 'dashboard' }, i % 2 ? kit.admin : kit.standard),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({ message: messages.alreadyReceived });
    expect((await eventTypes(ticket.id)).filter((t) => t === 'TicketReceived')).toHaveLength(1);
    expect((await kit.get(ticket.id)).version).toBe(2);
  });

  it('answers 404 for an unknown ticket', async () => {
    const response = await receive({ ticketId: 987654, source: 'dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });
});

describe('receiving on the ticket page', () => {
  it('PUT /api/ticket/edit with ticket.isReceived: true saves the form and receives it at its times', async () => {
    const ticket = await one();
    const form = kit.completeForm(kit.companyIds());
    const response = await kit.call('PUT', '/api/ticket/edit', {
      ticket: { id: ticket.id, ...form, isReceived: true },
      loggedInUserId: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      isReceived: true,
      isComplete: true,
      timeLoaded: form.timeLoaded,
      timeReceived: form.timeReceived,
      userId: adminId,
      jobSite: form.jobSite,
    });
    expect(await eventTypes(ticket.id)).toEqual(['TicketReceived', 'TicketEdited', 'TicketGenerated']);
  });

  it('a save with isReceived: true and no time loaded sets the time loaded to now', async () => {
    const ticket = await one();
    const received = await kit.short(ticket.id, { jobSite: 'Page Site', isReceived: true }, kit.standard);
    expect(received).toMatchObject({ isReceived: true, jobSite: 'Page Site', userId: kit.standardUserId });
    near(received.timeLoaded);
    near(received.timeReceived);
  });

  it("PUT /api/ticket/receive with source 'ticket' keeps the time loaded, or sets it to now when empty", async () => {
    const [loaded, empty] = await kit.fresh(2);
    if (!loaded || !empty) throw new Error('no tickets');
    const timeLoaded = at(-minutes(30));
    await kit.short(loaded.id, { timeLoaded });
    const kept = await receive({ ticketId: loaded.id, source: 'ticket' });
    expect(kept.json()).toMatchObject({ isReceived: true, timeLoaded });
    near(kept.json<Ticket>().timeReceived);

    const set = (await receive({ ticketId: empty.id, source: 'ticket' })).json<Ticket>();
    expect(set.isReceived).toBe(true);
    near(set.timeLoaded);
  });

  it('a ticket received with no time loaded stays saveable: its two times are one instant (issue 32, I8)', async () => {
    const ticket = await one();
    const received = (await receive({ ticketId: ticket.id, source: 'ticket' })).json<Ticket>();
    expect(received.timeLoaded).toBe(received.timeReceived);
    const form = kit.completeForm(kit.companyIds());
    const times = { timeLoaded: received.timeLoaded, timeReceived: received.timeReceived };
    const saved = await kit.call('PUT', '/api/ticket/edit', { ticket: { id: ticket.id, ...form, ...times } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Ticket>()).toMatchObject({ ...times, isReceived: true, jobSite: form.jobSite });
    const short = await kit.call('PUT', '/api/ticket/edit/short', { ticket: { id: ticket.id, ...times } });
    expect(short.statusCode).toBe(200);
  });

  it('a time received before the time loaded is a 400 and nothing is received', async () => {
    const [viaReceive, viaEdit, viaShort] = await kit.fresh(3);
    if (!viaReceive || !viaEdit || !viaShort) throw new Error('no tickets');
    // Loaded in an hour: receiving now would be before it.
    await kit.short(viaReceive.id, { timeLoaded: at(hours(1)) });
    const early = await receive({ ticketId: viaReceive.id, source: 'ticket' });
    expectInvalid(early, { timeReceived: 'Time received cannot be earlier than time loaded' });
    expect((await kit.get(viaReceive.id)).isReceived).toBe(false);

    const form = kit.completeForm(kit.companyIds());
    const edit = await kit.call('PUT', '/api/ticket/edit', {
      ticket: { id: viaEdit.id, ...form, timeReceived: at(-hours(1)), isReceived: true },
    });
    expectInvalid(edit, { timeReceived: 'Time received must be after time loaded' });
    expect(await kit.get(viaEdit.id)).toEqual(viaEdit);

    const short = await kit.call('PUT', '/api/ticket/edit/short', {
      ticket: {
        id: viaShort.id,
        timeLoaded: at(-minutes(5)),
        timeReceived: at(-minutes(10)),
        isReceived: true,
      },
    });
    expectInvalid(short, { timeReceived: 'Time received must be after time loaded' });
    expect(await kit.get(viaShort.id)).toEqual(viaShort);
  });
});

describe('reset: PUT /api/ticket/reset (admin)', () => {
  it('un-receives a received ticket', async () => {
    const ticket = await one();
    await kit.short(ticket.id, { jobSite: 'Reset Site', timeLoaded: at(-minutes(5)) });
    await receive({ ticketId: ticket.id, source: 'ticket' });
    const response = await reset(ticket.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ isReceived: false, timeReceived: null, jobSite: 'Reset Site' });
    expect(await eventTypes(ticket.id)).toEqual([
      'TicketReceiptReset',
      'TicketReceived',
      'TicketEdited',
      'TicketGenerated',
    ]);
    // It can be received again.
    expect((await receive({ ticketId: ticket.id, source: 'dashboard' })).statusCode).toBe(200);
  });

  it('refuses a ticket that is not received (409) and an unknown one (404)', async () => {
    const ticket = await one();
    const response = await reset(ticket.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This ticket has not been received.' });
    expect((await reset(987654)).statusCode).toBe(404);
  });
});

describe('reject: POST /api/ticket/reject (admin)', () => {
  it.each([{}, { reason: '' }, { reason: '   ' }, { reason: null }])(
    'needs a reason: %o → 400',
    async (reason) => {
      const ticket = await one();
      expectInvalid(await reject({ ticketId: ticket.id, loggedInUserId: 1, ...reason }), {
        reason: 'A reason is required to reject a ticket.',
      });
      expect(await kit.get(ticket.id)).toEqual(ticket);
    },
  );

  it('marks the ticket rejected with the reason and clears the dispatch information', async () => {
    // Who was trucking it (the company's name too), and when it left.
    const dispatchInformation = [
      'timeLoaded',
      'transportCompanyId',
      'transportCompanyName',
      'truckId',
      'truckNumber',
      'truckLicensePlate',
      'truckDriverName',
      'truckDriverNumber',
    ];
    const ticket = await one();
    const truck = await kit.truck({ transportCompanyId: kit.haulCo.id });
    const form = { ...kit.completeForm(kit.companyIds()), timeLoaded: at(), timeReceived: at(minutes(1)) };
    await kit.full(ticket.id, { ...form, truckId: truck.id, truckDriverNumber: '(416)555-0199' });
    expect((await toggle(ticket.id)).json<Ticket>().isDispatched).toBe(true);

    const response = await reject({ ticketId: ticket.id, reason: '  Wrong material  ', loggedInUserId: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      isRejected: true,
      rejectReason: 'Wrong material',
      isDispatched: false,
      isReceived: false,
      isComplete: false,
      ...Object.fromEntries(dispatchInformation.map((field) => [field, null])),
      // What is not dispatch information stays.
      jobSite: form.jobSite,
      contractorCompanyId: kit.acme.id,
      siteContactName: form.siteContactName,
    });
    expect((await kit.logs(ticket.id))[0]?.eventType).toBe('TicketRejected');
  });

  it('refuses a received ticket (409) and an unknown one (404)', async () => {
    const ticket = await one();
    await receive({ ticketId: ticket.id, source: 'dashboard' });
    const response = await reject({ ticketId: ticket.id, reason: 'Late' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A received ticket cannot be rejected. Reset it first.' });
    expect((await reject({ ticketId: 987654, reason: 'Late' })).statusCode).toBe(404);
  });

  it('a rejected load is not received or weighed in (409) until a save gives it a new load (issue 34, D19)', async () => {
    const ticket = await one();
    const material = await kit.material('Rejected fill');
    expect(
      (await reject({ ticketId: ticket.id, reason: 'Wrong material', loggedInUserId: 1 })).statusCode,
    ).toBe(200);
    const message = ticketMessages.rejected;
    for (const refused of [
      await receive({ ticketId: ticket.id, source: 'dashboard' }),
      await receive({ ticketId: ticket.id, source: 'ticket' }),
      await weigh({ ticketId: ticket.id, materialId: material.id, weight: 30000, loggedInUserId: 1 }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ message });
    }
    expect(await eventTypes(ticket.id)).toEqual(['TicketRejected', 'TicketGenerated']);
    expect(await kit.get(ticket.id)).toMatchObject({ isRejected: true, isReceived: false, weight: null });

    await kit.full(ticket.id, {
      ...kit.completeForm(kit.companyIds()),
      timeLoaded: at(),
      timeReceived: at(minutes(1)),
    });
    const received = await receive({ ticketId: ticket.id, source: 'dashboard' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ isRejected: false, isReceived: true });
  });
});

describe('dispatch lock: PUT /api/ticket/toggle/dispatch', () => {
  it('toggles isDispatched on and off for a ticket loaded today', async () => {
    const ticket = await one();
    await kit.short(ticket.id, { timeLoaded: at(), jobSite: 'Today Site' });
    const on = await toggle(ticket.id, kit.standard);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ isDispatched: true });
    const off = await toggle(ticket.id);
    expect(off.json()).toMatchObject({ isDispatched: false });
    expect((await kit.get(ticket.id)).isDispatched).toBe(false);
    expect((await eventTypes(ticket.id)).slice(0, 2)).toEqual([
      'TicketDispatchToggled',
      'TicketDispatchToggled',
    ]);
  });

  it('a receipt ends the dispatch lock', async () => {
    const ticket = await one();
    await kit.short(ticket.id, { timeLoaded: at() });
    await toggle(ticket.id);
    expect((await receive({ ticketId: ticket.id, source: 'ticket' })).json<Ticket>().isDispatched).toBe(
      false,
    );
  });

  it.each([
    ['loaded yesterday', async (t: Ticket) => kit.short(t.id, { timeLoaded: at(-hours(25)) })],
    ['never loaded', async () => undefined],
    [
      'received',
      async (t: Ticket) => {
        await kit.short(t.id, { timeLoaded: at() });
        await receive({ ticketId: t.id, source: 'ticket' });
      },
    ],
  ])('is refused with 409 for a ticket %s', async (_, prepare) => {
    const ticket = await one();
    await prepare(ticket);
    const before = await kit.get(ticket.id);
    const response = await toggle(ticket.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.dispatchNotAvailable });
    expect(await kit.get(ticket.id)).toEqual(before);
  });

  it('is refused with 409 for a SoilFLO ticket loaded today', async () => {
    const ticket = await one({ isSoilFLOTicket: true });
    expect(ticket.isSoilFLOLoad).toBe(true);
    // A SoilFLO load's time loaded is SoilFLO's dispatch time, saved through its own form.
    const loadedNow = exampleExternalLoad({ dispatchedTime: at() });
    const saved = await kit.call('PUT', '/api/ticket/edit/soilflo', {
      id: ticket.id,
      soilFLOData: loadedNow,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await toggle(ticket.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.dispatchNotAvailable });
    expect((await kit.get(ticket.id)).isDispatched).toBe(false);
  });

  it('answers 404 for an unknown ticket', async () => {
    expect((await toggle(987654)).statusCode).toBe(404);
  });
});

describe('weigh in: PUT /api/ticket/weigh', () => {
  let material: Named;
  beforeAll(async () => {
    material = await kit.material('Clean fill');
  });

  it("net = scale weight − the truck's tare, to 2 decimals; the material is set and the ticket received", async () => {
    const ticket = await one();
    const truck = await kit.truck({ transportCompanyId: kit.haulCo.id, tareWeight: 15000 });
    await kit.short(ticket.id, { truckId: truck.id, transportCompanyId: kit.haulCo.id });
    const response = await weigh(
      { ticketId: ticket.id, materialId: material.id, weight: 43210.555, loggedInUserId: 1 },
      kit.standard,
    );
    expect(response.statusCode, response.body).toBe(200);
    const weighed = response.json<Ticket>();
    expect(weighed).toMatchObject({
      weight: 28210.56,
      materialId: material.id,
      materialName: 'Clean fill',
      isReceived: true,
      userId: kit.standardUserId,
    });
    near(weighed.timeReceived);
    near(weighed.timeLoaded);
    expect(await kit.get(ticket.id)).toEqual(weighed);
    expect((await eventTypes(ticket.id)).slice(0, 2)).toEqual(['TicketReceived', 'TicketWeighed']);
  });

  it('an administrator may weigh a received ticket again: only the weight changes', async () => {
    const ticket = await one();
    await receive({ ticketId: ticket.id, source: 'dashboard' });
    const first = (
      await weigh({ ticketId: ticket.id, materialId: material.id, weight: 20000 })
    ).json<Ticket>();
    expect(first).toMatchObject({ weight: 20000, isReceived: true });
    const again = await weigh({ ticketId: ticket.id, materialId: material.id, weight: 21000.004 });
    expect(again.json()).toMatchObject({ weight: 21000, timeReceived: first.timeReceived });
    const standard = await weigh({ ticketId: ticket.id, materialId: material.id, weight: 1 }, kit.standard);
    expect(standard.statusCode).toBe(403);
    expect(standard.json()).toEqual({ message: messages.receivedLocked });
  });

  it('refuses a missing ticket or material, a weight that is not a number, and a weight below the tare', async () => {
    const ticket = await one();
    const truck = await kit.truck({ transportCompanyId: kit.haulCo.id, tareWeight: 15000 });
    await kit.short(ticket.id, { truckId: truck.id });
    const before = await kit.get(ticket.id);
    expectInvalid(await weigh({ materialId: material.id, weight: 20000 }), {
      ticketId: 'No ticket selected.',
    });
    expectInvalid(await weigh({ ticketId: ticket.id, weight: 20000 }), {
      materialId: 'Please select a material',
    });
    expectInvalid(await weigh({ ticketId: ticket.id, materialId: 424_242, weight: 20000 }), {
      materialId: 'Material not found.',
    });
    expectInvalid(await weigh({ ticketId: ticket.id, materialId: material.id, weight: 'heavy' }), {
      weight: 'Weight must be a number',
    });
    expectInvalid(await weigh({ ticketId: ticket.id, materialId: material.id, weight: 14999.99 }), {
      weight: 'The net weight would be -0.01 KG: the scale weight must be more than the tare weight.',
    });
    expect(await kit.get(ticket.id)).toEqual(before);
    expect((await weigh({ ticketId: 987654, materialId: material.id, weight: 20000 })).statusCode).toBe(404);
  });

  // Changes the settings: keep last in this file.
  it("without the truck's tare the settings' defaultTareWeight applies", async () => {
    const current = (await kit.call('GET', '/api/setting')).json<Record<string, unknown>>();
    const saved = await kit.call('PUT', '/api/setting', { ...current, defaultTareWeight: 12000.5 });
    expect(saved.statusCode, saved.body).toBe(200);

    const [noTruck, noTare, withTare] = await kit.fresh(3);
    if (!noTruck || !noTare || !withTare) throw new Error('no tickets');
    const tareless = await kit.truck({ transportCompanyId: kit.haulCo.id, tareWeight: null });
    await kit.short(noTare.id, { truckId: tareless.id });
    const tared = await kit.truck({ transportCompanyId: kit.haulCo.id, tareWeight: 15000 });
    await kit.short(withTare.id, { truckId: tared.id });

    const weighIt = async (t: Ticket) =>
      (await weigh({ ticketId: t.id, materialId: material.id, weight: 30000.75 })).json<Ticket>().weight;
    expect(await weighIt(noTruck)).toBe(18000.25);
    expect(await weighIt(noTare)).toBe(18000.25);
    expect(await weighIt(withTare)).toBe(15000.75);
  });
});
