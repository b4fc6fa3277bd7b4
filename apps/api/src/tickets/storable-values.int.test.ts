import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { describe, expect, it } from 'vitest';

// A value the read models cannot store (a year past 9999, an amount past numeric(12, 2), an integer
// past int4) would be accepted by the write side and then refused by every projection run, holding
// all read models back for good. Commands refuse such values with a 400 instead.
const kit = useTicketPortal();

const expect400 = async (
  method: 'PUT' | 'POST',
  url: string,
  payload: object,
  field: string,
  message: string,
) => {
  const response = await kit.call(method, url, payload);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
  expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
};

describe('values the read models cannot store', () => {
  it('are refused, and the read models keep up afterwards', async () => {
    const [ticket] = await kit.fresh(1);
    if (!ticket) throw new Error('no ticket');
    const hauler = await kit.transportCompany('Storable Haulage');
    const contractor = await kit.contractor('Storable Builders');
    const material = await kit.material('Storable Clay');
    const short = (fields: object) => ({ ticket: { id: ticket.id, ...fields }, loggedInUserId: 1 });

    for (const date of [
      '+010000-01-01T00:00:00.000Z',
      '-000043-03-15T12:00:00.000Z',
      '0000-12-31T00:00:00Z',
    ]) {
      await expect400('PUT', '/api/ticket/edit/short', short({ date }), 'date', 'Date is not valid');
    }
    await expect400(
      'PUT',
      '/api/ticket/edit/short',
      short({ weight: 1e11 }),
      'weight',
      'Weight must be more than 0 KG and at most 100000 KG',
    );
    await expect400(
      'PUT',
      '/api/ticket/weigh',
      { ticketId: ticket.id, materialId: material.id, weight: 1e11 },
      'weight',
      'Weight must be more than 0 KG and at most 100000 KG',
    );
    await expect400(
      'POST',
      '/api/truck/new',
      { truck: { transportCompanyId: hauler.id, number: 'T-1', licensePlate: 'ST12345', tareWeight: 1e11 } },
      'tareWeight',
      'Tare weight must be more than 0 KG and at most 100000 KG',
    );
    await expect400(
      'POST',
      '/api/project/new',
      {
        project: { projectId: 'P-1', contractorCompanyId: contractor.id, jobSite: 'Pit', approved: 1e11 },
        loggedInUserId: 1,
      },
      'approved',
      'Approved must be a number of 0 or more',
    );
    const settings = (await kit.call('GET', '/api/setting')).json<Record<string, unknown>>();
    await expect400(
      'PUT',
      '/api/setting',
      { ...settings, currentPrefix: 3_000_000_000 },
      'currentPrefix',
      'Prefix must be a whole number of 0 or more',
    );
    await expect400(
      'PUT',
      '/api/setting',
      { ...settings, defaultTareWeight: 1e11 },
      'defaultTareWeight',
      'Default tare weight must be from 0 to 100000 KG',
    );

    // The largest storable date and the heaviest weight the site allows are accepted and read back.
    const saved = await kit.short(ticket.id, { date: '9999-12-31T00:00:00.000Z', weight: 100_000 });
    expect(saved).toMatchObject({ date: '9999-12-31T00:00:00.000Z', weight: 100_000 });
    const later = await kit.short(ticket.id, { notes: 'Projections still moving' });
    expect(later.notes).toBe('Projections still moving');
  });
});
