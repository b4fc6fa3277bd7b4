import { expectInvalid, useTicketPortal } from '@portal/api/test/ticket-kit';
import {
  type DispatchView,
  DispatchViewSchema,
  type HaulageRecord,
  HaulageRecordSchema,
  type PublicHaulageRecord,
  PublicHaulageRecordSchema,
} from '@portal/contract';
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

const driver = (transportCompanyName: string) => ({
  transportCompanyName,
  truckNumber: 'T-77',
  truckLicensePlate: 'ab12345',
  truckDriverName: 'Dora Driver',
  truckDriverNumber: '(416)555-0177',
});

describe('the Truck Dispatch page, through the ticket link', () => {
  it("shows the link holder the load and only the page's fields: no company directory, no driver's phone", async () => {
    await kit.transportCompany('Dispatch Haulage');
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, {
      jobSite: '9 Pit Rd',
      notes: 'internal note',
      truckDriverNumber: '(416)555-0123',
    });
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
    expect(Object.keys(answer).sort()).toEqual(['sameTruckWarning', 'ticket']);
    for (const hidden of ['internal note', 'Dispatch Haulage', '555-0123', 'truckDriverNumber'])
      expect(view.body).not.toContain(hidden);
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
      transportCompanyName: 'Haulage Company is required',
      truckDriverName: 'Driver name is required',
      truckLicensePlate: 'License plate is required',
    });
    const loaded = { ...driver('Plate Haulage'), timeLoaded: new Date().toISOString() };
    expectInvalid(await anonymous('POST', `${link}/dispatch`, { ...loaded, truckLicensePlate: 'AB123456' }), {
      truckLicensePlate: 'License plate can be max 7 characters',
    });
    expectInvalid(
      await anonymous('POST', `${link}/dispatch`, { ...loaded, transportCompanyName: 'x'.repeat(255) }),
      {
        transportCompanyName: 'Company name can be max 254 characters',
      },
    );
    expect(await kit.get(ticket.id)).toMatchObject({
      isDispatched: false,
      truckDriverName: null,
      version: 1,
    });
  });

  it("dispatches: the typed company matched in any case, the truck and driver on the ticket, the plate uppercased, the driver as the event's source", async () => {
    const hauler = await kit.transportCompany('En Route Haulage');
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const timeLoaded = new Date(Date.now() - 60_000).toISOString();
    await kit.short(ticket.id, { timeLoaded });
    const link = await linkOf(ticket.id);
    const dispatched = await anonymous('POST', `${link}/dispatch`, driver(' en route HAULAGE '));
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json<DispatchView>().ticket).toMatchObject({
      isDispatched: true,
      timeLoaded,
      transportCompanyName: 'En Route Haulage',
      givenTransportCompanyName: null,
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dora Driver',
    });
    expect(await kit.get(ticket.id)).toMatchObject({
      isDispatched: true,
      transportCompanyId: hauler.id,
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
    const body = { ...driver('Refused Haulage'), timeLoaded: new Date().toISOString() };
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

describe('the haulage company, typed by the driver (issue 32, item 3)', () => {
  it('keeps a name no registered company has for the office, creating nothing; the office registers it from the ticket', async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const officeCompany = await kit.transportCompany('Office Haulage');
    await kit.short(ticket.id, {
      timeLoaded: new Date(Date.now() - 60_000).toISOString(),
      transportCompanyId: officeCompany.id,
    });
    const companies = async () =>
      (await kit.call('GET', '/api/transportcompany/all')).json<{ name: string }[]>().map(({ name }) => name);
    const before = await companies();
    const dispatched = await anonymous(
      'POST',
      `${await linkOf(ticket.id)}/dispatch`,
      driver('Brand New Hauling'),
    );
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json<DispatchView>().ticket).toMatchObject({
      transportCompanyName: null,
      givenTransportCompanyName: 'Brand New Hauling',
    });
    expect(await companies()).toEqual(before);
    expect(await kit.get(ticket.id)).toMatchObject({
      transportCompanyId: null,
      givenTransportCompanyName: 'Brand New Hauling',
      truckDriverName: 'Dora Driver',
    });
    // The short form's "create transport if it does not exist", by the office: then the typed name is settled.
    const registered = await kit.call('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, transportCompanyName: 'Brand New Hauling' },
      createTransportIfDoesNotExist: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await kit.get(ticket.id)).toMatchObject({
      transportCompanyName: 'Brand New Hauling',
      givenTransportCompanyName: null,
    });
    expect(await companies()).toContain('Brand New Hauling');
  });

  it("keeps a plate the office set, and the ticket's driver number when the driver gives none", async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, {
      timeLoaded: new Date(Date.now() - 60_000).toISOString(),
      truckLicensePlate: 'OFF1CE',
      truckDriverNumber: '(416)555-0100',
    });
    const dispatched = await anonymous('POST', `${await linkOf(ticket.id)}/dispatch`, {
      ...driver('Plate Kept Haulage'),
      truckLicensePlate: 'XYZ999',
      truckDriverNumber: null,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await kit.get(ticket.id)).toMatchObject({
      truckLicensePlate: 'OFF1CE',
      truckDriverNumber: '(416)555-0100',
      truckDriverName: 'Dora Driver',
    });
  });
});

describe('the link cannot be used against its driver (issue 32, M3 and M4)', () => {
  /** A dispatch from its own address, as from a stranger's machine or the driver's phone. */
  const from = (remoteAddress: string, url: string, payload: object) =>
    kit.portal.app.inject({ method: 'POST', url, payload, remoteAddress });

  it("wrong hashes count against their sender's address, never against the ticket", async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const load = { ...driver('Unblocked Haulage'), timeLoaded: new Date().toISOString() };
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
    const [open, loaded] = await kit.fresh(2);
    if (!open || !loaded) throw new Error('no tickets');
    for (const [timeLoaded, message] of [
      ['2030-06-01T08:00:00.000Z', 'Time loaded cannot be in the future'],
      ['2026-01-01T08:00:00.000Z', "Time loaded cannot be before the ticket's date"],
    ] as const) {
      const refused = await from('127.0.0.23', `${await linkOf(open.id)}/dispatch`, {
        ...driver('Timely Haulage'),
        timeLoaded,
      });
      expectInvalid(refused, { timeLoaded: message });
    }
    const officeTime = new Date(Date.now() - 30 * 60_000).toISOString();
    await kit.short(loaded.id, { timeLoaded: officeTime });
    const dispatched = await from('127.0.0.23', `${await linkOf(loaded.id)}/dispatch`, {
      ...driver('Timely Haulage'),
      timeLoaded: new Date().toISOString(),
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect((await kit.get(loaded.id)).timeLoaded).toBe(officeTime);
  });
});

describe('the haulage record, through the ticket link', () => {
  it("answers the hauling record's fields only, with the site's printed texts; a wrong hash shows nothing", async () => {
    const contractor = await kit.contractor('Record Contractor');
    const contact = await kit.call('POST', '/api/contractorcontact/new', {
      contractorCompanyId: contractor.id,
      contractorContact: { name: 'Olive Office', number: '(416)555-0155', isOfficeContact: true },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const { version: _version, ...settings } = (await kit.call('GET', '/api/setting')).json<
      object & { version: number }
    >();
    const setting = await kit.call('PUT', '/api/setting', {
      ...settings,
      haulageRecordReceiverName: 'Rita Receiver',
      haulageRecordReceiverPhone: '(416)555-0166',
      haulageRecordReceiverEmail: 'rita@example.com',
    });
    expect(setting.statusCode, setting.body).toBe(200);
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.full(ticket.id, {
      ticketNumber: ticket.ticketNumber,
      date: new Date().toISOString(),
      jobSite: '4 Source Rd',
      siteContactName: 'Sam Site',
      timeLoaded: new Date(Date.now() - 120_000).toISOString(),
      timeReceived: new Date(Date.now() - 60_000).toISOString(),
      truckDriverName: 'Dora Driver',
      truckLicensePlate: 'AB12345',
      contractorCompanyId: contractor.id,
      transportCompanyId: (await kit.transportCompany('Record Haulage')).id,
      truckTypeId: 1,
      contractorOfficeContactId: contact.json<{ id: number }>().id,
      projectLeader: 'Leah Leader',
      notes: 'not for print',
    });
    const record = await anonymous('GET', `${await linkOf(ticket.id)}/haulage-record`);
    expect(record.statusCode, record.body).toBe(200);
    const answer = record.json<PublicHaulageRecord>();
    // Exactly the public record's allow-list, field by field.
    expect(Object.keys(answer.ticket).sort()).toEqual(
      Object.keys(PublicHaulageRecordSchema.properties.ticket.properties).sort(),
    );
    expect(Object.keys(answer.setting).sort()).toEqual(
      Object.keys(PublicHaulageRecordSchema.properties.setting.properties).sort(),
    );
    expect(answer.ticket).toMatchObject({
      id: ticket.id,
      jobSite: '4 Source Rd',
      truckLicensePlate: 'AB12345',
    });
    expect(answer.setting).toEqual({
      receivingSiteName: 'Soil receiving site',
      receivingSiteAddress: null,
      soilQualityStatement: expect.stringContaining('excess soil'),
      haulageRecordReceiverName: 'Rita Receiver',
      displayUnit: 'kg',
    });
    for (const hidden of [
      'not for print',
      'currentPrefix',
      'Olive Office',
      '555-0155',
      'Leah Leader',
      '555-0166',
      'rita@example.com',
    ])
      expect(record.body).not.toContain(hidden);
    const wrong = await anonymous('GET', `/api/ticket/${ticket.id}/AAAAAAAAAAAAAAAAAAAAAA/haulage-record`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('4 Source Rd');

    // Signed in, the whole printed record; without a session, nothing.
    const full = await kit.call('GET', `/api/ticket/${ticket.id}/haulage-record`);
    expect(full.statusCode, full.body).toBe(200);
    expect(Object.keys(full.json<HaulageRecord>().ticket).sort()).toEqual(
      Object.keys(HaulageRecordSchema.properties.ticket.properties).sort(),
    );
    expect(full.json<HaulageRecord>()).toMatchObject({
      ticket: {
        contractorOfficeContactName: 'Olive Office',
        contractorOfficeContactNumber: '(416)555-0155',
        projectLeader: 'Leah Leader',
      },
      setting: {
        haulageRecordReceiverPhone: '(416)555-0166',
        haulageRecordReceiverEmail: 'rita@example.com',
      },
    });
    expect((await anonymous('GET', `/api/ticket/${ticket.id}/haulage-record`)).statusCode).toBe(401);
  });
});
