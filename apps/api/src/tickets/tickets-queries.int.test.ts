import { runToEnd, testStandardUser } from '@portal/api/test/portal';
import { at, expectInvalid, type Named, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket, TicketHistoryEvent } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

// Search, the dashboard's daily lists and counts, the log, restore, history and delete.
const kit = useTicketPortal({ standardUser: true, companies: true });

let other: Named;
let roadCo: Named;
beforeAll(async () => {
  other = await kit.contractor('Other Diggers');
  roadCo = await kit.transportCompany('Road Co');
});

const search = async (filter: object, headers = kit.admin): Promise<Ticket[]> => {
  const response = await kit.call('POST', '/api/ticket/search', filter, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Ticket[]>();
};
const ids = (tickets: Ticket[]) => tickets.map((t) => t.id);
const one = async (): Promise<Ticket> => {
  const [ticket] = await kit.fresh();
  if (!ticket) throw new Error('no ticket');
  return ticket;
};

describe('POST /api/ticket/search', () => {
  // Four tickets with distinct data; the job sites carry a token no other test uses.
  let north: Ticket;
  let south: Ticket;
  let elm: Ticket;
  let evening: Ticket;
  beforeAll(async () => {
    const [a, b, c, d] = await kit.fresh(4);
    if (!a || !b || !c || !d) throw new Error('no tickets');
    north = await kit.short(a.id, {
      jobSite: 'Zqx North QUARRY Road',
      truckLicensePlate: 'AB12345',
      contractorCompanyId: kit.acme.id,
      transportCompanyId: kit.haulCo.id,
      date: '2025-03-10T16:00:00.000Z',
    });
    south = await kit.short(b.id, {
      jobSite: 'zqx south quarry lane',
      truckLicensePlate: 'CD67890',
      contractorCompanyId: other.id,
      transportCompanyId: roadCo.id,
      date: '2025-03-12T16:00:00.000Z',
    });
    elm = await kit.short(c.id, {
      jobSite: 'Zqx Elm 50%_Street',
      truckLicensePlate: 'EF13579',
      contractorCompanyId: kit.acme.id,
      transportCompanyId: roadCo.id,
      date: '2025-03-15T16:00:00.000Z',
    });
    // 23:30 on 20 March at the site (America/Toronto, UTC−4 then): 03:30 UTC on the 21st.
    evening = await kit.short(d.id, { jobSite: 'Zqx Evening', date: '2025-03-20T23:30:00-04:00' });
  });

  it('by ticket number, as a number or digits with spaces around', async () => {
    expect(ids(await search({ ticketNumber: String(south.ticketNumber) }))).toEqual([south.id]);
    expect(ids(await search({ ticketNumber: ` ${south.ticketNumber} ` }))).toEqual([south.id]);
    expect(ids(await search({ ticketNumber: south.ticketNumber }))).toEqual([south.id]);
    expect(await search({ ticketNumber: '987654' })).toEqual([]);
  });

  it.each(['12a', '1.5', '-3', 'abc'])(
    "'%s' is refused: 400 'Ticket must be a number'",
    async (ticketNumber) => {
      const response = await kit.call('POST', '/api/ticket/search', { ticketNumber });
      expectInvalid(response, { ticketNumber: 'Ticket must be a number' });
    },
  );

  it('by licence plate: contains, whatever its case', async () => {
    expect(ids(await search({ truckLicensePlate: 'ab12345' }))).toEqual([north.id]);
    expect(ids(await search({ truckLicensePlate: ' CD67890 ' }))).toEqual([south.id]);
    expect(ids(await search({ truckLicensePlate: 'b12' }))).toEqual([north.id]);
    expect(ids(await search({ truckLicensePlate: '3579', jobSite: 'zqx' }))).toEqual([elm.id]);
    expect(await search({ truckLicensePlate: 'ZZ00000' })).toEqual([]);
  });

  it('by job site: contains, case-insensitive, newest first; % and _ are literal', async () => {
    expect(ids(await search({ jobSite: 'zqx' }))).toEqual([evening.id, elm.id, south.id, north.id]);
    expect(ids(await search({ jobSite: 'QUARRY' }))).toEqual([south.id, north.id]);
    expect(ids(await search({ jobSite: '50%_s' }))).toEqual([elm.id]);
    expect(await search({ jobSite: 'zqx%road' })).toEqual([]);
  });

  it('by contractor and by haulage company, alone and combined', async () => {
    expect(ids(await search({ contractorCompanyId: kit.acme.id }))).toEqual([elm.id, north.id]);
    expect(ids(await search({ contractorCompanyId: other.id }))).toEqual([south.id]);
    // A body's id is a JSON number: the text of one is refused, not coerced.
    const asText = await kit.call('POST', '/api/ticket/search', { contractorCompanyId: String(other.id) });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().message).toBe('contractorCompanyId must be a whole number');
    expect(ids(await search({ transportCompanyId: roadCo.id }))).toEqual([elm.id, south.id]);
    expect(ids(await search({ contractorCompanyId: kit.acme.id, transportCompanyId: roadCo.id }))).toEqual([
      elm.id,
    ]);
    expect(ids(await search({ contractorCompanyId: kit.acme.id, jobSite: 'north' }))).toEqual([north.id]);
  });

  it('by date range, both ends inclusive, either end open', async () => {
    expect(ids(await search({ fromDate: '2025-03-10', toDate: '2025-03-12' }))).toEqual([south.id, north.id]);
    expect(ids(await search({ fromDate: '2025-03-11', toDate: '2025-03-15', jobSite: 'zqx' }))).toEqual([
      elm.id,
      south.id,
    ]);
    expect(ids(await search({ toDate: '2025-03-10' }))).toEqual([north.id]);
    expect(ids(await search({ fromDate: '2025-03-13', toDate: '2025-03-14' }))).toEqual([]);
    // The date pickers may send whole ISO instants; the day is what counts.
    expect(
      ids(await search({ fromDate: '2025-03-12T00:00:00.000Z', toDate: '2025-03-12T00:00:00.000Z' })),
    ).toEqual([south.id]);
  });

  it('by date range, the day is the site’s calendar day (ticket dated 23:30 at the site)', async () => {
    expect(ids(await search({ fromDate: '2025-03-20', toDate: '2025-03-20' }))).toEqual([evening.id]);
    expect(await search({ fromDate: '2025-03-21', toDate: '2025-03-21' })).toEqual([]);
  });

  it('an empty filter answers every ticket, newest (highest number) first', async () => {
    const all = await search({});
    const numbers = all.map((t) => t.ticketNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(ids(all)).toEqual(expect.arrayContaining([north.id, south.id, elm.id, evening.id]));
  });
});

describe('the dashboard: daily counts and latest/active', () => {
  type Latest = {
    tickets: Ticket[];
    loadedTicketCountForToday: number;
    activeTicketCountForToday: number;
    receivedTicketCountForToday: number;
    receivedWithoutLoadCountForToday: number;
    uniqueContractorsForToday: number;
    uniqueJobSitesForToday: number;
  };
  const latest = async (filter?: 'active' | 'received'): Promise<Latest> => {
    const response = await kit.call('GET', `/api/ticket/latest/active${filter ? `?filter=${filter}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Latest>();
  };
  const list = async (which: 'loaded' | 'received'): Promise<Ticket[]> =>
    (await kit.call('GET', `/api/ticket/daily/${which}`)).json<Ticket[]>();
  const counts = async () =>
    (await kit.call('GET', '/api/ticket/daily/count')).json<Omit<Latest, 'tickets'>>();

  /** The counts agree with the lists, and Active and Received never share a ticket. */
  const consistent = async () => {
    const [active, received, loaded, receivedList, daily] = await Promise.all([
      latest('active'),
      latest('received'),
      list('loaded'),
      list('received'),
      counts(),
    ]);
    const { tickets: _a, ...activeCounts } = active;
    const { tickets: _r, ...receivedCounts } = received;
    expect(activeCounts).toEqual(daily);
    expect(receivedCounts).toEqual(daily);
    expect(daily.activeTicketCountForToday).toBe(active.tickets.length);
    expect(daily.receivedTicketCountForToday).toBe(received.tickets.length);
    expect(daily.loadedTicketCountForToday).toBe(loaded.length);
    // Loaded is what the two toggles show together, less the receipts of tickets never loaded (issue 34, D23).
    expect(daily.loadedTicketCountForToday).toBe(
      active.tickets.length + received.tickets.length - daily.receivedWithoutLoadCountForToday,
    );
    expect(ids(receivedList).sort()).toEqual(ids(received.tickets).sort());
    expect(ids(active.tickets).filter((id) => ids(received.tickets).includes(id))).toEqual([]);
    expect(active.tickets.every((t) => !t.isReceived)).toBe(true);
    expect(received.tickets.every((t) => t.isReceived)).toBe(true);
    const today = [...active.tickets, ...receivedList];
    expect(daily.uniqueJobSitesForToday).toBe(
      new Set(today.map((t) => t.jobSite?.toLowerCase()).filter((s) => s != null)).size,
    );
    expect(daily.uniqueContractorsForToday).toBe(
      new Set(today.map((t) => t.contractorCompanyId).filter((c) => c != null)).size,
    );
    expect(ids((await latest()).tickets)).toEqual(ids(active.tickets));
    return { active: ids(active.tickets), received: ids(received.tickets), daily };
  };

  it('a ticket loaded today is Active until received, then only Received; the counts follow', async () => {
    const [ticket, dashboardTicket] = await kit.fresh(2);
    if (!ticket || !dashboardTicket) throw new Error('no tickets');
    const start = await consistent();

    await kit.short(ticket.id, { timeLoaded: at(), jobSite: 'Daily SITE', contractorCompanyId: kit.acme.id });
    await kit.short(dashboardTicket.id, {
      timeLoaded: at(),
      jobSite: 'daily site',
      contractorCompanyId: other.id,
    });
    const loaded = await consistent();
    expect(loaded.active).toEqual(expect.arrayContaining([ticket.id, dashboardTicket.id]));
    expect(loaded.received).not.toContain(ticket.id);
    expect(loaded.daily.activeTicketCountForToday).toBe(start.daily.activeTicketCountForToday + 2);
    expect(loaded.daily.loadedTicketCountForToday).toBe(start.daily.loadedTicketCountForToday + 2);

    // From the ticket page the time loaded stays: still loaded today, now Received, no longer Active.
    await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'ticket' });
    const received = await consistent();
    expect(received.active).not.toContain(ticket.id);
    expect(received.received).toContain(ticket.id);
    expect(received.daily.activeTicketCountForToday).toBe(loaded.daily.activeTicketCountForToday - 1);
    expect(received.daily.receivedTicketCountForToday).toBe(loaded.daily.receivedTicketCountForToday + 1);
    expect(received.daily.loadedTicketCountForToday).toBe(loaded.daily.loadedTicketCountForToday);

    // From the dashboard the time loaded is cleared: Received, and no longer counted as loaded.
    await kit.call('PUT', '/api/ticket/receive', { ticketId: dashboardTicket.id, source: 'dashboard' });
    const both = await consistent();
    expect(both.active).not.toContain(dashboardTicket.id);
    expect(both.received).toContain(dashboardTicket.id);
    expect(both.daily.receivedTicketCountForToday).toBe(received.daily.receivedTicketCountForToday + 1);

    // A reset puts it back among the Active ones (it is still loaded today).
    await kit.call('PUT', '/api/ticket/reset', { ticket: { id: ticket.id } });
    const reset = await consistent();
    expect(reset.active).toContain(ticket.id);
    expect(reset.received).not.toContain(ticket.id);
  });

  it('a ticket received without ever being loaded is Received, not Loaded: counted on its own (issue 34, D23)', async () => {
    const [blank] = await kit.fresh(1);
    if (!blank) throw new Error('no ticket');
    const start = await consistent();
    await kit.call('PUT', '/api/ticket/receive', { ticketId: blank.id, source: 'dashboard' });
    const received = await consistent();
    expect(received.received).toContain(blank.id);
    expect(received.daily.receivedTicketCountForToday).toBe(start.daily.receivedTicketCountForToday + 1);
    expect(received.daily.receivedWithoutLoadCountForToday).toBe(
      start.daily.receivedWithoutLoadCountForToday + 1,
    );
    expect(received.daily.loadedTicketCountForToday).toBe(start.daily.loadedTicketCountForToday);
  });

  it('a time received typed on an unreceived ticket does not make it Received: it stays Active until received', async () => {
    const ticket = await one();
    await kit.full(ticket.id, {
      ...kit.completeForm(kit.companyIds()),
      timeLoaded: at(-60_000),
      timeReceived: at(),
    });
    expect((await kit.get(ticket.id)).isReceived).toBe(false);
    const { active, received } = await consistent();
    expect(active).toContain(ticket.id);
    expect(received).not.toContain(ticket.id);
  });

  it('a ticket loaded yesterday is in neither list', async () => {
    const ticket = await one();
    await kit.short(ticket.id, { timeLoaded: at(-25 * 3_600_000) });
    const { active, received } = await consistent();
    expect(active).not.toContain(ticket.id);
    expect(received).not.toContain(ticket.id);
  });

  it('refuses an unknown filter with 400', async () => {
    expect((await kit.call('GET', '/api/ticket/latest/active?filter=all')).statusCode).toBe(400);
  });
});

describe('the lists PostgreSQL writes as JSON', () => {
  it('write every field of a ticket exactly as GET /api/ticket/{id} serializes it, on every list route', async () => {
    const ticket = await one();
    const contact = await kit.call('POST', '/api/contractorcontact/new', {
      contractorCompanyId: kit.acme.id,
      contractorContact: {
        name: 'Olive "Office" O\'Neil',
        number: '(416)555-0199',
        email: 'olive@example.com',
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const [project, material, materialType, truck] = await Promise.all([
      kit.project({ contractorCompanyId: kit.acme.id }),
      kit.material('Clay \\ loam'),
      kit.materialType('Type <b>'),
      kit.truck({ transportCompanyId: kit.haulCo.id }),
    ]);
    const jobSite = 'Jsonq "quoted" \\ back\tslash\nline é 日本 🚚 </script>\u0001';
    await kit.full(ticket.id, {
      ...kit.completeForm(kit.companyIds()),
      jobSite,
      notes: 'Notes\r\nwith "everything" \u2028 in them',
      weight: 12_345.5,
    });
    // References no form sets at once, and instants with microseconds (which JavaScript's Dates drop).
    await sql`UPDATE tickets SET contractor_office_contact_id = ${contact.json<{ id: number }>().id},
        project_id = ${project.id}, material_id = ${material.id}, material_type_id = ${materialType.id},
        truck_id = ${truck.id}, user_id = 1, time_loaded = now() + interval '0.000789 s',
        date = '2025-03-10 16:00:00.999999+00'
      WHERE id = ${ticket.id}`.execute(kit.portal.infra.db);
    const serialized = await kit.get(ticket.id);
    expect(serialized).toMatchObject({
      contractorOfficeContactName: 'Olive "Office" O\'Neil',
      projectProjectId: project.projectId,
      materialName: 'Clay \\ loam',
      materialTypeName: 'Type <b>',
      userFirstName: expect.any(String),
      date: '2025-03-10T16:00:00.999Z',
      weight: 12_345.5,
      jobSite,
    });

    const written = async (method: 'GET' | 'POST', url: string, body?: object) => {
      const response = await kit.call(method, url, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const answer = response.json<Ticket[] | { tickets: Ticket[] }>();
      const tickets = Array.isArray(answer) ? answer : answer.tickets;
      return tickets.find((t) => t.id === ticket.id);
    };
    const lists: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['POST', '/api/ticket/search', { ticketNumber: ticket.ticketNumber }],
      ['POST', '/api/ticket/search', { jobSite: 'jsonq' }],
      ['POST', '/api/ticket/search/page', { jobSite: 'jsonq' }],
      ['GET', '/api/ticket/latest/active'],
      ['GET', '/api/ticket/latest/active?page=1&perPage=200'],
      ['GET', '/api/ticket/latest/active?page=1&perPage=200&sort=ticketNumber'],
      ['GET', '/api/ticket/daily/loaded'],
    ];
    for (const [method, url, body] of lists)
      expect(await written(method, url, body), `${method} ${url}`).toStrictEqual(serialized);
  });
});

describe('GET /api/ticket/logs/{id}', () => {
  it('newest first, naming the actor, with before and after as JSON strings', async () => {
    const ticket = await one();
    await kit.short(ticket.id, { jobSite: 'Logged Site' });
    await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'dashboard' }, kit.standard);
    const log = await kit.logs(ticket.id);
    expect(log.map((e) => e.eventType)).toEqual(['TicketReceived', 'TicketEdited', 'TicketGenerated']);
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => b - a));
    const dates = log.map((e) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const [receivedEntry, editedEntry, generatedEntry] = log;
    expect(receivedEntry).toMatchObject({
      username: testStandardUser.username,
      firstName: testStandardUser.firstName,
      lastName: testStandardUser.lastName,
    });
    expect(editedEntry).toMatchObject({
      username: 'admin@portal.test',
      firstName: 'Portal',
      lastName: 'Administrator',
    });
    expect(generatedEntry?.currentDataObject).toBeNull();
    expect(JSON.parse(generatedEntry?.updatedDataObject ?? 'null')).toMatchObject({
      id: ticket.id,
      ticketNumber: ticket.ticketNumber,
      jobSite: null,
    });
    expect(typeof editedEntry?.currentDataObject).toBe('string');
    expect(JSON.parse(editedEntry?.currentDataObject ?? 'null')).toMatchObject({ jobSite: null });
    expect(JSON.parse(editedEntry?.updatedDataObject ?? 'null')).toMatchObject({ jobSite: 'Logged Site' });
    expect(JSON.parse(receivedEntry?.currentDataObject ?? 'null')).toMatchObject({ isReceived: false });
    expect(JSON.parse(receivedEntry?.updatedDataObject ?? 'null')).toMatchObject({
      isReceived: true,
      userId: kit.standardUserId,
    });
  });

  it('answers an empty list for an unknown ticket', async () => {
    const response = await kit.call('GET', '/api/ticket/logs/987654');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('POST /api/ticket/restore (admin)', () => {
  it("re-saves an earlier entry's data as a new TicketRestored event", async () => {
    const ticket = await one();
    await kit.short(ticket.id, {
      jobSite: 'Version one',
      notes: 'first',
      truckLicensePlate: 'RS11111',
      contractorCompanyId: kit.acme.id,
      timeLoaded: '2025-05-01T12:00:00.000Z',
      weight: 1000.5,
    });
    const second = await kit.short(ticket.id, {
      jobSite: 'Version two',
      notes: null,
      truckLicensePlate: 'RS22222',
      contractorCompanyId: other.id,
      timeLoaded: null,
      weight: null,
    });
    const entry = (await kit.logs(ticket.id)).find(
      (e) =>
        e.eventType === 'TicketEdited' && JSON.parse(e.updatedDataObject ?? '{}').jobSite === 'Version one',
    );
    if (!entry) throw new Error('no log entry');

    const response = await kit.call('POST', '/api/ticket/restore', { logEntryId: entry.id });
    expect(response.statusCode, response.body).toBe(200);
    const restored = response.json<Ticket>();
    const data = JSON.parse(entry.updatedDataObject ?? '{}') as Record<string, unknown>;
    for (const [field, value] of Object.entries(data)) expect(restored, field).toHaveProperty(field, value);
    expect(restored).toMatchObject({
      jobSite: 'Version one',
      notes: 'first',
      contractorCompanyName: 'Acme Earthworks',
      // The restore gave it back its time loaded: TicketRestored, then TicketLoaded.
      version: second.version + 2,
    });
    expect(await kit.get(ticket.id)).toEqual(restored);

    const [newest] = await kit.logs(ticket.id);
    expect(newest?.eventType).toBe('TicketRestored');
    expect(JSON.parse(newest?.updatedDataObject ?? '{}')).toEqual(data);
    expect(JSON.parse(newest?.currentDataObject ?? '{}')).toMatchObject({ jobSite: 'Version two' });
  });

  describe('of an entry from before the receipt, on a received ticket', () => {
    let received: Ticket;
    let entryId: number;
    beforeAll(async () => {
      const ticket = await one();
      await kit.short(ticket.id, { jobSite: 'Before receipt' });
      await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'ticket' });
      received = await kit.get(ticket.id);
      entryId = (await kit.logs(ticket.id)).find((e) => e.eventType === 'TicketEdited')?.id ?? 0;
    });

    it('never leaves a received ticket without a time received', async () => {
      expect(received).toMatchObject({ isReceived: true, timeReceived: expect.any(String) });
      const restored = (
        await kit.call('POST', '/api/ticket/restore', { logEntryId: entryId })
      ).json<Ticket>();
      expect(restored.isReceived && restored.timeReceived === null).toBe(false);
    });
  });

  it('answers 404 for an unknown log entry', async () => {
    const response = await kit.call('POST', '/api/ticket/restore', { logEntryId: 987654 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Log entry not found.' });
  });
});

describe('GET /api/ticket/{id}/history (admin)', () => {
  it('lists the events in order with the state after each', async () => {
    const ticket = await one();
    await kit.short(ticket.id, { jobSite: 'History Site', timeLoaded: at() });
    await kit.call('PUT', '/api/ticket/toggle/dispatch', { ticket: { id: ticket.id } });
    await kit.call('PUT', '/api/ticket/receive', { ticketId: ticket.id, source: 'dashboard' }, kit.standard);
    const response = await kit.call('GET', `/api/ticket/${ticket.id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<TicketHistoryEvent[]>();
    expect(history.map((h) => [h.version, h.type])).toEqual([
      [1, 'TicketGenerated'],
      [2, 'TicketEdited'],
      // The edit gave it its time loaded: TicketLoaded follows it in the same append (ticket.loaded).
      [3, 'TicketLoaded'],
      [4, 'TicketDispatchToggled'],
      [5, 'TicketReceived'],
    ]);
    expect(history[0]?.state).toMatchObject({
      ticketNumber: ticket.ticketNumber,
      jobSite: null,
      isReceived: false,
    });
    expect(history[1]?.state).toMatchObject({ jobSite: 'History Site', isDispatched: false });
    expect(history[2]?.state).toEqual(history[1]?.state);
    expect(history[3]?.state).toMatchObject({ isDispatched: true });
    expect(history[4]?.state).toMatchObject({ isReceived: true, isDispatched: false, timeLoaded: null });
    expect(history[4]?.userId).toBe(kit.standardUserId);
    expect(history[4]?.data).toMatchObject({ source: 'dashboard', receivedByUserId: kit.standardUserId });
    for (const entry of history) expect(Number.isNaN(Date.parse(entry.occurredAt))).toBe(false);
  });

  it('answers 404 for an unknown ticket', async () => {
    expect((await kit.call('GET', '/api/ticket/987654/history')).statusCode).toBe(404);
  });
});

describe('DELETE /api/ticket/{id} (admin)', () => {
  it('deletes: then GET, the hash link, search and a second delete answer 404 or nothing', async () => {
    const ticket = await one();
    const { hash } = (await kit.call('GET', `/api/ticket/${ticket.id}/hash`)).json<{ hash: string }>();
    const response = await kit.call('DELETE', `/api/ticket/${ticket.id}`);
    expect(response.statusCode).toBe(204);
    expect((await kit.call('GET', `/api/ticket/${ticket.id}`)).statusCode).toBe(404);
    expect(
      (await kit.portal.app.inject({ method: 'GET', url: `/api/ticket/${ticket.id}/${hash}` })).statusCode,
    ).toBe(404);
    expect(await search({ ticketNumber: String(ticket.ticketNumber) })).toEqual([]);
    expect((await kit.call('DELETE', `/api/ticket/${ticket.id}`)).statusCode).toBe(404);
    const edit = await kit.call('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, jobSite: 'Ghost' },
    });
    expect(edit.statusCode).toBe(404);
    // The number is free again for a new ticket.
    const again = await runToEnd(kit.portal, kit.admin, {
      method: 'POST',
      url: '/api/ticket/generate',
      payload: { from: ticket.ticketNumber, to: ticket.ticketNumber },
    });
    expect(again.result).toMatchObject({ success: true, tickets: [ticket.ticketNumber] });
    const history = (await kit.call('GET', `/api/ticket/${ticket.id}/history`)).json<
      { type: string; state: unknown }[]
    >();
    expect(history.at(-1)).toMatchObject({ type: 'TicketDeleted', state: null });
  });
});

describe('POST /api/ticket/report (admin)', () => {
  it('filters by number range, job site and company, in number order', async () => {
    const tickets = await kit.fresh(3);
    const [a, b, c] = tickets as [Ticket, Ticket, Ticket];
    await kit.short(a.id, { jobSite: 'Report Pit', transportCompanyId: kit.haulCo.id });
    await kit.short(c.id, { jobSite: 'report pit', transportCompanyId: roadCo.id });
    const report = async (filter: object) => {
      const response = await kit.call('POST', '/api/ticket/report', filter);
      expect(response.statusCode, response.body).toBe(200);
      return ids(response.json<Ticket[]>());
    };
    expect(await report({ from: a.ticketNumber, to: c.ticketNumber })).toEqual([a.id, b.id, c.id]);
    expect(await report({ from: String(b.ticketNumber), to: String(c.ticketNumber) })).toEqual([b.id, c.id]);
    expect(await report({ jobSite: 'REPORT PIT' })).toEqual([a.id, c.id]);
    expect(await report({ jobSite: 'report pit', transportCompanyId: roadCo.id })).toEqual([c.id]);
  });

  // 'Ticket number must be a number' for non-numeric report from/to.
  it("a non-numeric from/to answers 400 'Ticket number must be a number'", async () => {
    const response = await kit.call('POST', '/api/ticket/report', { from: 'abc', to: 10 });
    expectInvalid(response, { from: 'Ticket number must be a number' });
  });

  it('POST /api/project/{id}/tickets with a non-numeric from answers 500, not 400', async () => {
    const response = await kit.call('POST', '/api/project/1/tickets', { from: 'abc' });
    expect(response.statusCode).toBe(400);
  });
});
