import { at, expectInvalid, hours, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { DispatchView, SameTruckDispatches, Scale, Ticket, Truck } from '@portal/contract';
import { describe, expect, it } from 'vitest';

/** Issue 34: net is never silently gross (D2), weights are bounded (D4), one truck on one open ticket (D21). */
const kit = useTicketPortal({ standardUser: true, companies: true });

const bound = 'Weight must be more than 0 KG and at most 100000 KG';

async function linkOf(ticketId: number): Promise<string> {
  const response = await kit.call('GET', `/api/ticket/${ticketId}/hash`);
  expect(response.statusCode, response.body).toBe(200);
  return `/api/ticket/${ticketId}/${response.json<{ hash: string }>().hash}`;
}

/** A driver's dispatch from the ticket's link, without signing in. */
async function dispatch(ticketId: number, transportCompanyName: string, plate: string) {
  const response = await kit.call(
    'POST',
    `${await linkOf(ticketId)}/dispatch`,
    {
      timeLoaded: new Date(Date.now() - 60_000).toISOString(),
      transportCompanyName,
      truckNumber: '101',
      truckLicensePlate: plate,
      truckDriverName: 'Dora Driver',
    },
    {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DispatchView>();
}

async function oneTicket(): Promise<Ticket> {
  const [ticket] = await kit.fresh(1);
  if (!ticket) throw new Error('no ticket');
  return ticket;
}

async function newScale(): Promise<Scale> {
  const response = await kit.call('POST', '/api/scale/new', { scaleName: `Manual ${crypto.randomUUID()}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Scale>();
}

/** A weigh-in typed by hand on a new scale, as the Scale page sends it. */
async function weighByHand(ticketId: number, weight: number) {
  const [scale, material] = await Promise.all([
    newScale(),
    kit.material(`Fill ${crypto.randomUUID().slice(0, 6)}`),
  ]);
  return kit.call('PUT', '/api/ticket/weigh', {
    ticketId,
    materialId: material.id,
    weight,
    scaleId: scale.id,
    manual: true,
    manualReason: 'Indicator display broken',
  });
}

/** A weigh-in with the spec's own body: no scale, the weight as given, and any other `fields`. */
const weighWithoutScale = (ticketId: number, materialId: number, weight: number, fields: object = {}) =>
  kit.call('PUT', '/api/ticket/weigh', { ticketId, materialId, weight, ...fields });

const history = async (ticketId: number) =>
  (await kit.call('GET', `/api/ticket/${ticketId}/history`)).json<
    { type: string; data: { source?: Record<string, unknown> } }[]
  >();

describe('a plate names its registered truck (issue 34, D2)', () => {
  it("a driver's dispatch with the plate of a truck of the chosen company links it, and the weigh-in takes its stored tare", async () => {
    const hauler = await kit.transportCompany(`T-101 Haulage ${crypto.randomUUID().slice(0, 6)}`);
    const truck = await kit.truck({ transportCompanyId: hauler.id, tareWeight: 14_500 });
    const ticket = await oneTicket();
    const answer = await dispatch(ticket.id, hauler.name, truck.licensePlate.toLowerCase());
    expect(answer.sameTruckWarning).toBeNull();
    expect(await kit.get(ticket.id)).toMatchObject({
      truckId: truck.id,
      truckLicensePlate: truck.licensePlate,
    });

    // A scale weigh-in: the stored tare, never the default tare (0).
    const weighed = await weighByHand(ticket.id, 40_000);
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>()).toMatchObject({
      weight: 25_500,
      isReceived: true,
      weighing: { grossWeight: 40_000, tareWeight: 14_500 },
    });
    const event = (await history(ticket.id)).find((entry) => entry.type === 'TicketWeighed');
    expect(event?.data).toMatchObject({ scaleWeight: 40_000, tareWeight: 14_500, weight: 25_500 });
  });

  it("another company's truck is not linked: the ticket keeps the plate without a truck record", async () => {
    const owner = await kit.transportCompany(`Owner ${crypto.randomUUID().slice(0, 6)}`);
    const other = await kit.transportCompany(`Other ${crypto.randomUUID().slice(0, 6)}`);
    const truck = await kit.truck({ transportCompanyId: owner.id, tareWeight: 14_500 });
    const ticket = await oneTicket();
    await dispatch(ticket.id, other.name, truck.licensePlate);
    expect(await kit.get(ticket.id)).toMatchObject({
      truckId: null,
      transportCompanyId: other.id,
      truckLicensePlate: truck.licensePlate,
    });
    // A scale weigh-in then needs the operator's choice: no silent default tare.
    const weighed = await weighByHand(ticket.id, 40_000);
    expect(weighed.statusCode, weighed.body).toBe(409);
    expect(weighed.json<{ errors: { tare: string } }>().errors.tare).toMatch(/no stored tare/);
  });

  it("a redispatch keeps the ticket's plate (issue 32), and another company's leaves the ticket without the earlier truck", async () => {
    const hauler = await kit.transportCompany(`Redispatch ${crypto.randomUUID().slice(0, 6)}`);
    const other = await kit.transportCompany(`Redispatch other ${crypto.randomUUID().slice(0, 6)}`);
    const truck = await kit.truck({ transportCompanyId: hauler.id, tareWeight: 14_500 });
    const ticket = await oneTicket();
    await dispatch(ticket.id, hauler.name, truck.licensePlate);
    expect((await kit.get(ticket.id)).truckId).toBe(truck.id);
    await dispatch(ticket.id, hauler.name, 'ZZ00001');
    expect(await kit.get(ticket.id)).toMatchObject({
      truckId: truck.id,
      truckLicensePlate: truck.licensePlate,
    });
    await dispatch(ticket.id, other.name, 'ZZ00001');
    expect(await kit.get(ticket.id)).toMatchObject({
      truckId: null,
      transportCompanyId: other.id,
      truckLicensePlate: truck.licensePlate,
    });
  });

  it("a save naming the plate links the company's truck, or takes the truck's company when none is set; another company's is not linked", async () => {
    const owner = await kit.transportCompany(`Save Owner ${crypto.randomUUID().slice(0, 6)}`);
    const other = await kit.transportCompany(`Save Other ${crypto.randomUUID().slice(0, 6)}`);
    const truck = await kit.truck({ transportCompanyId: owner.id, tareWeight: 15_000 });
    const [same, none, foreign] = await kit.fresh(3);
    if (!same || !none || !foreign) throw new Error('no tickets');
    expect(
      await kit.short(same.id, { transportCompanyId: owner.id, truckLicensePlate: truck.licensePlate }),
    ).toMatchObject({ truckId: truck.id, transportCompanyId: owner.id });
    expect(
      await kit.short(none.id, { truckLicensePlate: truck.licensePlate.toLowerCase() }, kit.standard),
    ).toMatchObject({ truckId: truck.id, transportCompanyId: owner.id });
    expect(
      await kit.short(foreign.id, { transportCompanyId: other.id, truckLicensePlate: truck.licensePlate }),
    ).toMatchObject({ truckId: null, transportCompanyId: other.id });
  });
});

describe('weights are bounded (issue 34, D4): 400 with the message, nothing changed', () => {
  it('a weight set by hand on the Scale page: 99,999,999 KG and 0 are refused, the ticket untouched', async () => {
    const { ticket: generated } = await kit.truckTicket(14_500);
    const ticket = await kit.get(generated.id);
    for (const weight of [99_999_999, 0, -5])
      expectInvalid(await weighByHand(ticket.id, weight), { weight: bound });
    const material = await kit.material(`Bound ${crypto.randomUUID().slice(0, 6)}`);
    // The spec's own body (no scale) is bounded too.
    expectInvalid(await weighWithoutScale(ticket.id, material.id, 100_001), { weight: bound });
    expect(await kit.get(ticket.id)).toMatchObject({
      weight: null,
      isReceived: false,
      version: ticket.version,
    });
  });

  it('the ticket form and the Receive dialog: −100 KG is refused', async () => {
    const ticket = await oneTicket();
    expectInvalid(
      await kit.call('PUT', '/api/ticket/edit', {
        ticket: { id: ticket.id, ...kit.completeForm(kit.companyIds()), weight: -100 },
        loggedInUserId: 1,
      }),
      { weight: bound },
    );
    expectInvalid(
      await kit.call('PUT', '/api/ticket/edit/short', { ticket: { id: ticket.id, weight: -100 } }),
      {
        weight: bound,
      },
    );
    expectInvalid(
      await kit.call('PUT', '/api/ticket/receive', {
        ticketId: ticket.id,
        source: 'ticket',
        ticket: { jobSite: '1 Pit Rd', weight: -100 },
      }),
      { weight: bound },
    );
    expect(await kit.get(ticket.id)).toMatchObject({
      weight: null,
      isReceived: false,
      version: ticket.version,
    });
    // 0 stays the spec's "not weighed yet".
    expect((await kit.short(ticket.id, { weight: 0 })).weight).toBe(0);
  });

  it("a truck's tare: 9,999,999 KG is refused on the truck form, its tare call and a tare from the Scale page", async () => {
    const hauler = await kit.transportCompany(`Tare Bound ${crypto.randomUUID().slice(0, 6)}`);
    const truck = await kit.truck({ transportCompanyId: hauler.id, tareWeight: 14_500 });
    const tareBound = 'Tare weight must be more than 0 KG and at most 100000 KG';
    expectInvalid(await kit.call('PUT', '/api/truck/edit', { truck: { ...truck, tareWeight: 9_999_999 } }), {
      tareWeight: tareBound,
    });
    expectInvalid(
      await kit.call('PUT', '/api/truck/tare', { truck: { id: truck.id, tareWeight: 9_999_999 } }),
      { tareWeight: tareBound },
    );
    expectInvalid(
      await kit.call('POST', '/api/truck/new', {
        truck: { transportCompanyId: hauler.id, number: 'X', licensePlate: 'XB12345', tareWeight: 9_999_999 },
      }),
      { tareWeight: tareBound },
    );
    const scale = await newScale();
    expectInvalid(
      await kit.call('POST', '/api/truck/tare/weight', {
        truckId: truck.id,
        scaleWeight: 9_999_999,
        scaleId: scale.id,
        manual: true,
        manualReason: 'Typed',
      }),
      { scaleWeight: bound },
    );
    const after = (await kit.call('GET', `/api/truck/${truck.id}`)).json<Truck>();
    expect(after).toMatchObject({ tareWeight: 14_500, version: truck.version });
  });

  it("the site's maximum bounds every weight: lowered to 30,000, a 30,001 KG weigh-in is refused", async () => {
    const settings = (await kit.call('GET', '/api/setting')).json<Record<string, unknown>>();
    const lowered = await kit.call('PUT', '/api/setting', { ...settings, maximumWeightKg: 30_000 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    try {
      const { ticket } = await kit.truckTicket(14_500);
      const material = await kit.material(`Max ${crypto.randomUUID().slice(0, 6)}`);
      expectInvalid(await weighWithoutScale(ticket.id, material.id, 30_001), {
        weight: 'Weight must be more than 0 KG and at most 30000 KG',
      });
      expectInvalid(
        await kit.call('PUT', '/api/ticket/edit/short', { ticket: { id: ticket.id, weight: 30_001 } }),
        {
          weight: 'Weight must be more than 0 KG and at most 30000 KG',
        },
      );
    } finally {
      const current = (await kit.call('GET', '/api/setting')).json<Record<string, unknown>>();
      await kit.call('PUT', '/api/setting', { ...current, maximumWeightKg: 100_000 });
    }
  });
});

describe('a weight set by hand carries its reason (issue 34, D4)', () => {
  it("records the reason in the event's source and on the ticket; without one it reads 'no reason given'", async () => {
    const scale = await newScale();
    const material = await kit.material(`Reason ${crypto.randomUUID().slice(0, 6)}`);
    const { ticket } = await kit.truckTicket(14_500);
    const weighed = await kit.call(
      'PUT',
      '/api/ticket/weigh',
      {
        ticketId: ticket.id,
        materialId: material.id,
        weight: 38_000,
        scaleId: scale.id,
        manual: true,
        manualReason: '  Indicator display broken ',
      },
      kit.standard,
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json<Ticket>().weighing).toEqual({
      grossWeight: 38_000,
      tareWeight: 14_500,
      source: {
        scaleId: scale.id,
        manual: true,
        stable: null,
        rawFrame: null,
        readingAt: null,
        manualReason: 'Indicator display broken',
      },
    });
    const event = (await history(ticket.id)).find((entry) => entry.type === 'TicketWeighed');
    expect(event?.data.source).toMatchObject({ manual: true, manualReason: 'Indicator display broken' });
    // The log's weigh-in entry carries the provenance, so the log can mark it MANUAL.
    const [latest] = await kit.logs(ticket.id);
    expect(JSON.parse(String(latest?.updatedDataObject))).toMatchObject({
      weighing: { source: { manual: true, manualReason: 'Indicator display broken' } },
    });

    // The spec's body: recorded as manual, with no reason (read as 'no reason given').
    const spec = await kit.truckTicket(14_500);
    const plain = await weighWithoutScale(spec.ticket.id, material.id, 38_000, { loggedInUserId: 1 });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<Ticket>().weighing).toEqual({
      grossWeight: 38_000,
      tareWeight: 14_500,
      source: { scaleId: null, manual: true, stable: null, rawFrame: null, readingAt: null },
    });
    // A weight changed on the form afterwards is no longer the weighing's.
    const edited = await kit.short(spec.ticket.id, { weight: 20_000, timeLoaded: at(-hours(1)) });
    expect(edited).toMatchObject({ weight: 20_000, weighing: null });
  });

  it('refuses a reason longer than 200 characters, weighing nothing', async () => {
    const { ticket } = await kit.truckTicket(14_500);
    const material = await kit.material(`Long ${crypto.randomUUID().slice(0, 6)}`);
    const response = await weighWithoutScale(ticket.id, material.id, 38_000, {
      manualReason: 'x'.repeat(201),
    });
    expect(response.statusCode).toBe(400);
    expect((await kit.get(ticket.id)).weight).toBeNull();
  });
});

describe('one truck on several open tickets (issue 34, D21): a warning, never a refusal', () => {
  it('warns the driver (how many) and the ticket page (which), and both dispatches stand', async () => {
    const hauler = await kit.transportCompany(`Twice ${crypto.randomUUID().slice(0, 6)}`);
    const truck = await kit.truck({ transportCompanyId: hauler.id, tareWeight: 14_500 });
    const [first, second] = await kit.fresh(2);
    if (!first || !second) throw new Error('no tickets');
    expect((await dispatch(first.id, hauler.name, truck.licensePlate)).sameTruckWarning).toBeNull();
    const again = await dispatch(second.id, hauler.name, truck.licensePlate);
    expect(again.sameTruckWarning).toBe(
      `Truck ${truck.licensePlate} is also dispatched on 1 other open ticket. Check the plate, or tell the site office.`,
    );
    expect(again.ticket).toMatchObject({ isDispatched: true, truckLicensePlate: truck.licensePlate });
    expect(JSON.stringify(again)).not.toContain(String(first.ticketNumber));

    const sameTruck = await kit.call('GET', `/api/ticket/${first.id}/same-truck`, undefined, kit.standard);
    expect(sameTruck.statusCode, sameTruck.body).toBe(200);
    expect(sameTruck.json<SameTruckDispatches>()).toEqual({
      tickets: [{ id: second.id, prefix: second.prefix, ticketNumber: second.ticketNumber }],
      warning: `Truck ${truck.licensePlate} is also dispatched on open ticket [${second.prefix}] ${String(second.ticketNumber).padStart(6, '0')}: one truck carries one load at a time. Check the plate, or receive or reject the other load.`,
    });

    // Received, the other load is no longer open: no warning.
    const received = await kit.call('PUT', '/api/ticket/receive', { ticketId: second.id, source: 'ticket' });
    expect(received.statusCode, received.body).toBe(200);
    expect((await kit.call('GET', `/api/ticket/${first.id}/same-truck`)).json()).toEqual({
      tickets: [],
      warning: null,
    });
  });

  it('is read only by signed-in users, for a ticket that exists', async () => {
    const ticket = await oneTicket();
    expect((await kit.call('GET', `/api/ticket/${ticket.id}/same-truck`, undefined, {})).statusCode).toBe(
      401,
    );
    expect((await kit.call('GET', '/api/ticket/2147483000/same-truck')).statusCode).toBe(404);
    expect((await kit.call('GET', '/api/ticket/abc/same-truck')).statusCode).toBe(400);
    expect((await kit.call('GET', `/api/ticket/${ticket.id}%2Fsame-truck`)).statusCode).not.toBe(200);
    expect(
      (
        await kit.call('GET', `/api/ticket/${ticket.id}/same-truck`, undefined, {
          authorization: 'Bearer x.y.z',
        })
      ).statusCode,
    ).toBe(401);
  });
});
