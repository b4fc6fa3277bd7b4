import { expectInvalid, useTicketPortal } from '@portal/api/test/ticket-kit';
import { type DispatchView, DispatchViewSchema, type HaulageRecord } from '@portal/contract';
import { describe, expect, it } from 'vitest';

const kit = useTicketPortal();

async function linkOf(ticketId: number): Promise<string> {
  const response = await kit.call('GET', `/api/ticket/${ticketId}/hash`);
  expect(response.statusCode, response.body).toBe(200);
  return `/api/ticket/${ticketId}/${response.json<{ hash: string }>().hash}`;
}

/** Anonymous, as a driver's phone calls it. */
const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) =>
  kit.call(method, url, payload, {});

const driver = (transportCompanyId: number) => ({
  transportCompanyId,
  truckNumber: 'T-77',
  truckLicensePlate: 'ab12345',
  truckDriverName: 'Dora Driver',
  truckDriverNumber: '(416)555-0177',
});

describe('the Truck Dispatch page, through the ticket link', () => {
  it('shows the load and the haulage companies, and only them, to the link holder', async () => {
    const hauler = await kit.transportCompany('Dispatch Haulage');
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, { jobSite: '9 Pit Rd', notes: 'internal note' });
    const view = await anonymous('GET', `${await linkOf(ticket.id)}/dispatch`);
    expect(view.statusCode, view.body).toBe(200);
    const answer = view.json<DispatchView>();
    // Only the load's fields the contract names: nothing else of the ticket reaches the link holder.
    expect(Object.keys(answer.ticket).sort()).toEqual(
      Object.keys(DispatchViewSchema.properties.ticket.properties).sort(),
    );
    expect(answer.ticket).toMatchObject({
      id: ticket.id,
      jobSite: '9 Pit Rd',
      timeLoaded: null,
      isDispatched: false,
    });
    expect(answer.transportCompanies).toContainEqual({ id: hauler.id, name: 'Dispatch Haulage' });
    expect(view.body).not.toContain('internal note');
    const wrong = await anonymous('GET', `/api/ticket/${ticket.id}/AAAAAAAAAAAAAAAAAAAAAA/dispatch`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'Ticket not found.' });
  });

  it("refuses a dispatch without the form's required fields, with the spec's messages, saving nothing", async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const link = await linkOf(ticket.id);
    expectInvalid(await anonymous('POST', `${link}/dispatch`, {}), {
      timeLoaded: 'Time loaded is required',
      transportCompanyId: 'Haulage Company is required',
      truckDriverName: 'Driver name is required',
      truckLicensePlate: 'License plate is required',
    });
    const hauler = await kit.transportCompany('Plate Haulage');
    const loaded = { ...driver(hauler.id), timeLoaded: new Date().toISOString() };
    expectInvalid(await anonymous('POST', `${link}/dispatch`, { ...loaded, truckLicensePlate: 'AB123456' }), {
      truckLicensePlate: 'License plate can be max 7 characters',
    });
    expectInvalid(await anonymous('POST', `${link}/dispatch`, { ...loaded, transportCompanyId: 424_242 }), {
      transportCompanyId: 'Haulage company not found.',
    });
    expect(await kit.get(ticket.id)).toMatchObject({
      isDispatched: false,
      truckDriverName: null,
      version: 1,
    });
  });

  it("dispatches: the truck and driver on the ticket, the plate uppercased, the driver as the event's source", async () => {
    const hauler = await kit.transportCompany('En Route Haulage');
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const timeLoaded = new Date(Date.now() - 60_000).toISOString();
    await kit.short(ticket.id, { timeLoaded });
    const link = await linkOf(ticket.id);
    const dispatched = await anonymous('POST', `${link}/dispatch`, driver(hauler.id));
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json<DispatchView>().ticket).toMatchObject({
      isDispatched: true,
      timeLoaded,
      transportCompanyId: hauler.id,
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dora Driver',
    });
    expect(await kit.get(ticket.id)).toMatchObject({
      isDispatched: true,
      transportCompanyName: 'En Route Haulage',
      truckNumber: 'T-77',
      truckDriverNumber: '(416)555-0177',
    });
    const history = await kit.call('GET', `/api/ticket/${ticket.id}/history`);
    expect(history.json<{ type: string; userId: number | null; data: unknown }[]>().at(-1)).toMatchObject({
      type: 'TruckDispatched',
      userId: null,
      data: { source: 'driver' },
    });
  });

  it('refuses a SoilFLO load, a received ticket and a wrong hash', async () => {
    const hauler = await kit.transportCompany('Refused Haulage');
    const body = { ...driver(hauler.id), timeLoaded: new Date().toISOString() };
    const [external] = await kit.fresh(1, { isSoilFLOTicket: true });
    const [received] = await kit.fresh(1);
    if (!external || !received) throw new Error('no tickets');
    const soilFLO = await anonymous('POST', `${await linkOf(external.id)}/dispatch`, body);
    expect(soilFLO.statusCode).toBe(409);
    expect(soilFLO.json()).toEqual({
      message: "This load comes from SoilFLO: manage it in SoilFLO's dashboard.",
    });
    await kit.call('PUT', '/api/ticket/receive', { ticketId: received.id });
    const late = await anonymous('POST', `${await linkOf(received.id)}/dispatch`, body);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This ticket has already been received.' });
    const forged = await anonymous(
      'POST',
      `/api/ticket/${received.id}/AAAAAAAAAAAAAAAAAAAAAA/dispatch`,
      body,
    );
    expect(forged.statusCode).toBe(404);
  });

  it('takes at most 10 dispatch attempts per ticket in 10 minutes, then answers 429', async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const link = await linkOf(ticket.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await anonymous('POST', `${link}/dispatch`, {})).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});

describe('the link cannot be used against its driver (issue 32, M3 and M4)', () => {
  /** A dispatch from its own address, as from a stranger's machine or the driver's phone. */
  const from = (remoteAddress: string, url: string, payload: object) =>
    kit.portal.app.inject({ method: 'POST', url, payload, remoteAddress });

  it("wrong hashes count against their sender's address, never against the ticket", async () => {
    const hauler = await kit.transportCompany('Unblocked Haulage');
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const load = { ...driver(hauler.id), timeLoaded: new Date().toISOString() };
    const strangers = [];
    for (let attempt = 0; attempt < 12; attempt++)
      strangers.push(
        (
          await from(
            '127.0.0.21',
            `/api/ticket/${ticket.id}/AAAAAAAAAAAAAAAAAAAAA${attempt % 10}/dispatch`,
            load,
          )
        ).statusCode,
      );
    expect(strangers.slice(0, 10)).toEqual(Array(10).fill(404));
    const real = await from('127.0.0.22', `${await linkOf(ticket.id)}/dispatch`, load);
    expect(real.statusCode, real.body).toBe(200);
  });

  it("keeps the ticket's time loaded, and takes the driver's only between the ticket's date and now", async () => {
    const hauler = await kit.transportCompany('Timely Haulage');
    const [open, loaded] = await kit.fresh(2);
    if (!open || !loaded) throw new Error('no tickets');
    for (const [timeLoaded, message] of [
      ['2030-06-01T08:00:00.000Z', 'Time loaded cannot be in the future'],
      ['2026-01-01T08:00:00.000Z', "Time loaded cannot be before the ticket's date"],
    ] as const) {
      const refused = await from('127.0.0.23', `${await linkOf(open.id)}/dispatch`, {
        ...driver(hauler.id),
        timeLoaded,
      });
      expectInvalid(refused, { timeLoaded: message });
    }
    const officeTime = new Date(Date.now() - 30 * 60_000).toISOString();
    await kit.short(loaded.id, { timeLoaded: officeTime });
    const dispatched = await from('127.0.0.23', `${await linkOf(loaded.id)}/dispatch`, {
      ...driver(hauler.id),
      timeLoaded: new Date().toISOString(),
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect((await kit.get(loaded.id)).timeLoaded).toBe(officeTime);
  });
});

describe('the haulage record, through the ticket link', () => {
  it("answers what the printed record shows, with the site's printed texts; a wrong hash shows nothing", async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, { jobSite: '4 Source Rd', notes: 'not for print' });
    const record = await anonymous('GET', `${await linkOf(ticket.id)}/haulage-record`);
    expect(record.statusCode, record.body).toBe(200);
    const answer = record.json<HaulageRecord>();
    expect(answer.ticket).toMatchObject({ id: ticket.id, jobSite: '4 Source Rd', weight: null });
    expect(answer.setting).toEqual({
      receivingSiteName: 'Soil receiving site',
      receivingSiteAddress: null,
      soilQualityStatement: expect.stringContaining('excess soil'),
      haulageRecordReceiverName: null,
      haulageRecordReceiverPhone: null,
      haulageRecordReceiverEmail: null,
      displayUnit: 'kg',
    });
    expect(record.body).not.toContain('not for print');
    expect(record.body).not.toContain('currentPrefix');
    const wrong = await anonymous('GET', `/api/ticket/${ticket.id}/AAAAAAAAAAAAAAAAAAAAAA/haulage-record`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('4 Source Rd');
  });
});
