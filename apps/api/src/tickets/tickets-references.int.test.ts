import { type Project, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket, Truck } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';

// Tickets and the records they refer to: a project's tickets, and deletes of records still in use.
const kit = useTicketPortal({ companies: true });

const getProject = async (id: number): Promise<Project> => {
  const response = await kit.call('GET', `/api/project/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Project>();
};

describe("a project's tickets", () => {
  let project: Project;
  let inProject: Ticket[];
  let outside: Ticket;
  beforeAll(async () => {
    project = await kit.project({ contractorCompanyId: kit.acme.id, jobSite: 'Project Pit' });
    const tickets = await kit.fresh(4);
    inProject = tickets.slice(0, 3);
    outside = tickets[3] as Ticket;
    for (const ticket of inProject) await kit.short(ticket.id, { projectId: project.id });
  });

  it('ticketsSold counts the tickets saved with the project', async () => {
    expect((await getProject(project.id)).ticketsSold).toBe(3);
    const listed = (await kit.call('GET', '/api/project/all')).json<Project[]>();
    expect(listed.find((p) => p.id === project.id)?.ticketsSold).toBe(3);
    const [first] = inProject;
    expect(await kit.get(first?.id ?? 0)).toMatchObject({
      projectId: project.id,
      projectProjectId: project.projectId,
    });

    // Moving a ticket out of the project, or deleting it, counts down.
    await kit.short(outside.id, { projectId: project.id });
    expect((await getProject(project.id)).ticketsSold).toBe(4);
    await kit.short(outside.id, { projectId: null });
    expect((await getProject(project.id)).ticketsSold).toBe(3);
  });

  it('POST /api/project/{id}/tickets answers its tickets, filtered by number range', async () => {
    const [a, b, c] = inProject as [Ticket, Ticket, Ticket];
    const tickets = async (filter: object) => {
      const response = await kit.call('POST', `/api/project/${project.id}/tickets`, filter);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Ticket[]>().map((t) => t.id);
    };
    expect(await tickets({})).toEqual([a.id, b.id, c.id]);
    expect(await tickets({ from: a.ticketNumber, to: b.ticketNumber })).toEqual([a.id, b.id]);
    expect(await tickets({ from: c.ticketNumber })).toEqual([c.id]);
    expect(await tickets({ from: outside.ticketNumber, to: outside.ticketNumber })).toEqual([]);
    expect(await tickets({ fromDate: '2000-01-01', toDate: '2000-01-31' })).toEqual([]);
    expect(await tickets({ fromDate: '2000-01-01', toDate: '2099-12-31', to: b.ticketNumber })).toEqual([
      a.id,
      b.id,
    ]);
  });

  it('GET /api/project/{ticketId}/ticket answers the haulage record: ticket, truck and settings', async () => {
    const [a] = inProject as [Ticket];
    const truck = await kit.truck({ transportCompanyId: kit.haulCo.id, tareWeight: 14000 });
    await kit.short(a.id, { truckId: truck.id });
    const response = await kit.call('GET', `/api/project/${a.id}/ticket`);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<{ ticket: Ticket; truck: Truck; setting: Record<string, unknown> }>();
    expect(record.ticket).toEqual(await kit.get(a.id));
    expect(record.truck).toMatchObject({ id: truck.id, tareWeight: 14000 });
    expect(record.setting).toMatchObject({ currentPrefix: 0, defaultTareWeight: 0 });
    expect((await kit.call('GET', '/api/project/987654/ticket')).statusCode).toBe(404);
  });
});

describe('deleting a record that tickets refer to', () => {
  // One ticket refers to every kind of record; each delete must be refused while it does.
  let ticket: Ticket;
  const records: Record<string, { url: string; label: string }> = {};
  beforeAll(async () => {
    const contractor = await kit.contractor('Referenced Contractor');
    const transport = await kit.transportCompany('Referenced Haulage');
    const truck = await kit.truck({ transportCompanyId: transport.id });
    const material = await kit.material('Referenced Material');
    const materialType = await kit.materialType('Referenced Type');
    const projectContractor = await kit.contractor('Project Owner');
    const project = await kit.project({ contractorCompanyId: projectContractor.id });
    Object.assign(records, {
      contractor: { url: `/api/contractorcompany/${contractor.id}`, label: 'contractor company' },
      'transport company': { url: `/api/transportcompany/${transport.id}`, label: 'haulage company' },
      truck: { url: `/api/truck/${truck.id}`, label: 'truck' },
      material: { url: `/api/scale/material/${material.id}`, label: 'material' },
      'material type': { url: `/api/scale/material/type/${materialType.id}`, label: 'material type' },
      project: { url: `/api/project/${project.id}`, label: 'project' },
    });
    [ticket] = (await kit.fresh()) as [Ticket];
    await kit.short(ticket.id, {
      contractorCompanyId: contractor.id,
      transportCompanyId: transport.id,
      truckId: truck.id,
      materialTypeId: materialType.id,
      projectId: project.id,
    });
    const weighed = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      weight: 20000,
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    ticket = weighed.json<Ticket>();
  });

  it.each(['contractor', 'transport company', 'truck', 'material', 'material type', 'project'])(
    'refuses to delete a %s a ticket refers to: 409',
    async (kind) => {
      const { url, label } = records[kind] ?? { url: '', label: '' };
      const response = await kit.call('DELETE', url);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(
        new RegExp(`^This ${label} is still used by .*1 ticket.*\\. Remove or move them first\\.$`),
      );
      expect((await kit.call('GET', url)).statusCode).toBe(200);
      expect(await kit.get(ticket.id)).toEqual(ticket);
    },
  );

  it('once the ticket is gone, they delete', async () => {
    expect((await kit.call('DELETE', `/api/ticket/${ticket.id}`)).statusCode).toBe(204);
    // Trucks before their company.
    for (const kind of ['truck', 'transport company', 'contractor', 'material', 'material type', 'project']) {
      const url = records[kind]?.url ?? '';
      const response = await kit.call('DELETE', url);
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(204);
      expect((await kit.call('GET', url)).statusCode).toBe(404);
    }
  });
});

describe("a ticket's truck and its haulage company (issue 15, item 2)", () => {
  it("refuses another company's truck on the Receive dialog and the forms, and nothing is received or saved", async () => {
    const northern = await kit.transportCompany('Northern Haul');
    const northernTruck = await kit.truck({ transportCompanyId: northern.id });
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, { transportCompanyId: kit.haulCo.id });
    const message = `Truck ${northernTruck.licensePlate} belongs to Northern Haul, not to Haul Co.`;

    const receive = await kit.call('PUT', '/api/ticket/receive', {
      ticketId: ticket.id,
      ticket: { truckId: northernTruck.id, truckLicensePlate: northernTruck.licensePlate },
    });
    expect(receive.statusCode).toBe(400);
    expect(receive.json()).toEqual({ message, errors: { truckLicensePlate: message } });
    const full = await kit.call('PUT', '/api/ticket/edit', {
      ticket: { id: ticket.id, ...kit.completeForm(kit.companyIds()), truckId: northernTruck.id },
    });
    expect(full.statusCode).toBe(400);
    expect(await kit.get(ticket.id)).toMatchObject({ isReceived: false, truckId: null, version: 2 });

    // Its own company's truck is taken.
    const haulTruck = await kit.truck({ transportCompanyId: kit.haulCo.id });
    const own = await kit.call('PUT', '/api/ticket/receive', {
      ticketId: ticket.id,
      ticket: { truckId: haulTruck.id },
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
