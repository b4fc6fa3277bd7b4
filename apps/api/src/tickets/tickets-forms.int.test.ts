import { at, expectInvalid, messages, useTicketPortal } from '@portal/api/test/ticket-kit';
import { type Ticket, TicketSchema } from '@portal/contract';
import { ticketFormMessages } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';

// Reading a ticket and the full and short forms; the public link: tickets-public-link.int.test.ts.
const kit = useTicketPortal({ companies: true });

const edit = (ticket: object, extra: object = {}) =>
  kit.call('PUT', '/api/ticket/edit', { ticket, loggedInUserId: 1, ...extra });
const editShort = (ticket: object, extra: object = {}) =>
  kit.call('PUT', '/api/ticket/edit/short', { ticket, loggedInUserId: 1, ...extra });

describe('GET /api/ticket/{id}', () => {
  it('answers the contract Ticket, and 404 for an unknown id', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const response = await kit.call('GET', `/api/ticket/${ticket.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Ticket>();
    // Every field the contract declares is filled by the read path (the serializer would drop an extra one).
    expect(Object.keys(body).sort()).toEqual(Object.keys(TicketSchema.properties).sort());
    // Issue 34: where the weight came from (a scale, or by hand with its reason), beside the spec's fields;
    // D3: when the load left, kept after a dashboard receipt cleared timeLoaded.
    expect(body).toHaveProperty('weighing');
    expect(body).toHaveProperty('loadTimeLoaded');
    expect(response.body).not.toMatch(/nonce/i);

    const missing = await kit.call('GET', '/api/ticket/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notFound });
  });

  it('needs a token', async () => {
    const [ticket] = await kit.fresh();
    const response = await kit.call('GET', `/api/ticket/${ticket?.id}`, undefined, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('full-form save: PUT /api/ticket/edit', () => {
  it('saves every field, derives isComplete and answers the ticket with the names beside the ids', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const form = kit.completeForm(kit.companyIds());
    const saved = await kit.full(ticket.id, { ...form, version: ticket.version, truckTypeId: 2 });
    expect(saved).toMatchObject({
      id: ticket.id,
      ticketNumber: ticket.ticketNumber,
      jobSite: form.jobSite,
      siteContactName: form.siteContactName,
      truckLicensePlate: form.truckLicensePlate,
      truckDriverName: form.truckDriverName,
      contractorCompanyId: kit.acme.id,
      contractorCompanyName: 'Acme Earthworks',
      transportCompanyId: kit.haulCo.id,
      transportCompanyName: 'Haul Co',
      truckTypeId: 2,
      truckTypeName: 'Trailer',
      timeLoaded: form.timeLoaded,
      timeReceived: form.timeReceived,
      weight: 12000,
      isComplete: true,
      isReceived: false,
      // The save loaded it: TicketEdited, then TicketLoaded (ticket.loaded), in one append.
      version: ticket.version + 2,
    });
    expect(await kit.get(ticket.id)).toEqual(saved);
  });

  it('all required fields missing: 400 with a message per field, the first one as the message', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const response = await edit({ id: ticket.id, ticketNumber: '', date: '' });
    // The words are the domain's (validation.unit.test.ts checks them word for word); here, one per field.
    const m = ticketFormMessages;
    expectInvalid(response, {
      ticketNumber: m.ticketNumberRequired,
      date: m.dateRequired,
      jobSite: m.jobSiteRequired,
      siteContactName: m.siteContactRequired,
      timeLoaded: m.timeLoadedRequired,
      timeReceived: m.timeReceivedRequired,
      truckDriverName: m.driverNameRequired,
      truckLicensePlate: m.licensePlateRequired,
      contractorCompanyId: m.contractorRequired,
      transportCompanyId: m.haulageCompanyRequired,
      truckTypeId: m.truckTypeRequired,
    });
    expect(await kit.get(ticket.id)).toEqual(ticket);
  });

  const loaded = '2025-06-02T14:00:00.000Z';
  it.each<[field: string, message: string, change: object]>([
    ['ticketNumber', 'Ticket number is required', { ticketNumber: null }],
    ['date', 'Date is required', { date: null }],
    ['jobSite', 'Job site is required', { jobSite: ' ' }],
    ['siteContactName', 'Site contact is required', { siteContactName: '' }],
    ['timeLoaded', 'Time loaded is required', { timeLoaded: null }],
    ['timeReceived', 'Time received is required', { timeReceived: '' }],
    ['truckDriverName', 'Driver name is required', { truckDriverName: '' }],
    ['truckLicensePlate', 'License plate is required', { truckLicensePlate: ' ' }],
    ['contractorCompanyId', 'Please select a contractor', { contractorCompanyId: 0 }],
    ['contractorCompanyId', 'Contractor is required', { contractorCompanyId: null }],
    ['transportCompanyId', 'Please select a haulage company', { transportCompanyId: 0 }],
    ['transportCompanyId', 'Haulage company is required', { transportCompanyId: null }],
    ['truckTypeId', 'Please select a truck type', { truckTypeId: 0 }],
    ['truckTypeId', 'Truck type is required', { truckTypeId: '' }],
    [
      'timeReceived',
      'Time received must be after time loaded',
      { timeLoaded: loaded, timeReceived: '2025-06-02T13:59:00.000Z' },
    ],
    ['notes', 'Notes can be max 500 characters', { notes: 'n'.repeat(501) }],
    ['weight', 'Weight must be a number', { weight: 'heavy' }],
  ])('%s: %s → 400, and nothing is saved', async (field, message, change) => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const before = await kit.short(ticket.id, { ...kit.completeForm(kit.companyIds()), notes: 'before' });
    const response = await edit({ ...before, ...change });
    expectInvalid(response, { [field]: message });
    const after = await kit.get(ticket.id);
    expect(after.version).toBe(before.version);
    expect(after).toEqual(before);
  });

  it('accepts notes of exactly 500 characters and a weight sent as a numeric string', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const saved = await kit.full(ticket.id, {
      ...kit.completeForm(kit.companyIds()),
      notes: 'n'.repeat(500),
      weight: '1234.5',
    });
    expect(saved.notes).toHaveLength(500);
    expect(saved.weight).toBe(1234.5);
  });

  it('a stale version is refused with 409 and the newer save is kept', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const form = kit.completeForm(kit.companyIds());
    const first = await kit.full(ticket.id, { ...form, version: ticket.version, jobSite: 'First' });
    const stale = await edit({ id: ticket.id, ...form, version: ticket.version, jobSite: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: messages.stale });
    expect(await kit.get(ticket.id)).toEqual(first);
  });

  it('a save that changes nothing keeps the version', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const saved = await kit.full(ticket.id, kit.completeForm(kit.companyIds()));
    const again = await kit.full(ticket.id, { ...saved });
    expect(again).toEqual(saved);
  });

  it('refuses ids of records that do not exist: 400 per field, nothing saved', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const response = await edit({
      ...ticket,
      ...kit.completeForm(kit.companyIds()),
      contractorCompanyId: 424_242,
      transportCompanyId: 424_243,
      truckId: 424_244,
      projectId: 424_245,
      contractorOfficeContactId: 424_246,
      materialTypeId: 424_247,
      materialId: 424_248,
    });
    expectInvalid(response, {
      contractorCompanyId: 'Contractor company not found.',
      transportCompanyId: 'Haulage company not found.',
      truckId: 'Truck not found.',
      projectId: 'Project not found.',
      contractorOfficeContactId: 'Contractor contact not found.',
      materialTypeId: 'Material type not found.',
      materialId: 'Material not found.',
    });
    expect(await kit.get(ticket.id)).toEqual(ticket);
  });

  it('answers 404 for an unknown ticket', async () => {
    const response = await edit({ id: 987654, ...kit.completeForm(kit.companyIds()) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });
});

describe('short-form save: PUT /api/ticket/edit/short', () => {
  it('requires nothing, upper-cases the plate and keeps the fields it does not send', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const first = await kit.short(ticket.id, { truckLicensePlate: 'ab12345', jobSite: 'North pit' });
    expect(first).toMatchObject({ truckLicensePlate: 'AB12345', jobSite: 'North pit', isComplete: false });
    const second = await kit.short(ticket.id, { siteContactName: 'Sid' });
    expect(second).toMatchObject({
      truckLicensePlate: 'AB12345',
      jobSite: 'North pit',
      siteContactName: 'Sid',
    });
    expect(second.version).toBe(first.version + 1);
  });

  it('still checks formats: time order, notes length, weight and plate length', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    expectInvalid(
      await editShort({
        id: ticket.id,
        timeLoaded: '2025-06-02T14:00:00.000Z',
        timeReceived: '2025-06-02T13:00:00.000Z',
      }),
      { timeReceived: 'Time received must be after time loaded' },
    );
    expectInvalid(await editShort({ id: ticket.id, notes: 'x'.repeat(501) }), {
      notes: 'Notes can be max 500 characters',
    });
    expectInvalid(await editShort({ id: ticket.id, weight: 'lots' }), { weight: 'Weight must be a number' });
    const plate = await editShort({ id: ticket.id, truckLicensePlate: 'AB123456' });
    expect(plate.statusCode).toBe(400);
    expect(Object.keys(plate.json().errors)).toEqual(['truckLicensePlate']);
    expect(await kit.get(ticket.id)).toEqual(ticket);
  });

  it('isComplete is derived: a client sending isComplete: true on an incomplete ticket still gets false', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const saved = await kit.short(ticket.id, { jobSite: 'Somewhere', isComplete: true });
    expect(saved.isComplete).toBe(false);
    const full = kit.completeForm(kit.companyIds());
    const { timeReceived: _, ...withoutTimeReceived } = full;
    // Complete means what a receipt needs; the time received comes with the receipt.
    expect((await kit.short(ticket.id, withoutTimeReceived)).isComplete).toBe(true);
    expect((await kit.short(ticket.id, { truckDriverName: '', isComplete: true })).isComplete).toBe(false);
  });
});

describe('createTransportIfDoesNotExist', () => {
  const companies = async () =>
    (await kit.call('GET', '/api/transportcompany/all')).json<{ id: number; name: string }[]>();

  it('a typed haulage company is created once, then found again whatever its case', async () => {
    const [first, second] = await kit.fresh(2);
    if (!first || !second) throw new Error('no tickets');
    const before = (await companies()).length;
    const created = await editShort(
      { id: first.id, transportCompanyId: null, transportCompanyName: '  Brand New Haulage ' },
      { createTransportIfDoesNotExist: true },
    );
    expect(created.statusCode, created.body).toBe(200);
    const ticket = created.json<Ticket>();
    expect(ticket.transportCompanyId).toEqual(expect.any(Number));
    expect(ticket.transportCompanyName).toBe('Brand New Haulage');
    const listed = await companies();
    expect(listed).toHaveLength(before + 1);
    expect(listed).toContainEqual(
      expect.objectContaining({ id: ticket.transportCompanyId, name: 'Brand New Haulage' }),
    );

    const reused = await editShort(
      { id: second.id, transportCompanyName: 'brand new HAULAGE' },
      { createTransportIfDoesNotExist: true },
    );
    expect(reused.json<Ticket>().transportCompanyId).toBe(ticket.transportCompanyId);
    expect(await companies()).toHaveLength(before + 1);
  });

  it('reuses a company that existed before, case-insensitively', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const before = (await companies()).length;
    const saved = await editShort(
      { id: ticket.id, transportCompanyName: 'HAUL CO' },
      { createTransportIfDoesNotExist: true },
    );
    expect(saved.json<Ticket>()).toMatchObject({
      transportCompanyId: kit.haulCo.id,
      transportCompanyName: 'Haul Co',
    });
    expect(await companies()).toHaveLength(before);
  });

  it('without the flag a typed name creates nothing', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const before = (await companies()).length;
    const saved = await kit.short(ticket.id, { transportCompanyName: 'Not Created Haulage' });
    expect(saved.transportCompanyId).toBeNull();
    expect(await companies()).toHaveLength(before);
  });

  let fullFormTicket: Ticket;
  beforeAll(async () => {
    [fullFormTicket] = (await kit.fresh()) as [Ticket];
  });
  it('on the full form a typed company with createTransportIfDoesNotExist counts as chosen: it is created and saved', async () => {
    const form = {
      ...kit.completeForm(kit.companyIds()),
      transportCompanyId: null,
      transportCompanyName: 'Full Form Haulage',
    };
    const response = await edit({ id: fullFormTicket.id, ...form }, { createTransportIfDoesNotExist: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Ticket>().transportCompanyName).toBe('Full Form Haulage');
  });
});

describe('dates in and out', () => {
  it('times are answered as ISO instants, whatever offset the form sent', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const saved = await kit.short(ticket.id, { timeLoaded: '2025-06-02T10:00:00-04:00', date: at() });
    expect(saved.timeLoaded).toBe('2025-06-02T14:00:00.000Z');
    expectInvalid(await editShort({ id: ticket.id, timeLoaded: 'yesterday-ish' }), {
      timeLoaded: 'Time loaded is not valid',
    });
  });
});
