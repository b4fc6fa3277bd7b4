import { bridgeReading, scaleWithKey, sendBridgeReport } from '@portal/api/test/scale-kit';
import { at, hours, useTicketPortal } from '@portal/api/test/ticket-kit';
import type { HaulageRecord, ReceivingRecord, Ticket } from '@portal/contract';
import { noManualReasonGiven, ticketStreamId } from '@portal/domain';
import { describe, expect, it } from 'vitest';

// Issue 34, items 5b and 9 (D3, D14–15): what the printed records read from the ticket's events.
const kit = useTicketPortal({ companies: true, standardUser: true });

const hashOf = async (id: number) =>
  (await kit.call('GET', `/api/ticket/${id}/hash`)).json<{ hash: string }>().hash;
const haulageRecord = async (id: number) => {
  const response = await kit.call(
    'GET',
    `/api/ticket/${id}/${await hashOf(id)}/haulage-record`,
    undefined,
    {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HaulageRecord>();
};
const receivingRecord = async (id: number) => {
  const response = await kit.call('GET', `/api/ticket/${id}/receiving-record`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceivingRecord>();
};

/** A fresh ticket loaded `hoursAgo` for Acme by Haul Co, not received. */
async function loadedTicket(hoursAgo = 2): Promise<{ ticket: Ticket; timeLoaded: string }> {
  const [ticket] = await kit.fresh(1);
  if (!ticket) throw new Error('no ticket');
  const timeLoaded = at(-hours(hoursAgo));
  await kit.short(ticket.id, {
    ...kit.companyIds(),
    jobSite: '12 Quarry Road',
    truckNumber: 'N-1',
    truckLicensePlate: 'CF00001',
    truckDriverName: 'Dan Driver',
    truckTypeId: 1,
    timeLoaded,
  });
  return { ticket, timeLoaded };
}

describe("the load's time loaded on the printed records (D3)", () => {
  it("keeps the time loaded from the ticket's history after the dashboard's receipt cleared it", async () => {
    const { ticket, timeLoaded } = await loadedTicket();
    const received = await kit.call('PUT', '/api/ticket/receive', {
      ticketId: ticket.id,
      source: 'dashboard',
    });
    expect(received.statusCode, received.body).toBe(200);
    // The spec's rule stays: the dashboard's receipt clears the ticket's time loaded.
    expect(received.json<Ticket>().timeLoaded).toBeNull();

    const haulage = await haulageRecord(ticket.id);
    expect(haulage.ticket.timeLoaded).toBeNull();
    expect(haulage.loadedAt).toBe(timeLoaded);
    expect((await receivingRecord(ticket.id)).loadedAt).toBe(timeLoaded);
  });

  it("shows the ticket's own time loaded, and none for a ticket never loaded", async () => {
    const { ticket, timeLoaded } = await loadedTicket(3);
    expect((await haulageRecord(ticket.id)).loadedAt).toBe(timeLoaded);
    const [unused] = await kit.fresh(1);
    if (!unused) throw new Error('no ticket');
    expect((await receivingRecord(unused.id)).loadedAt).toBeNull();
  });
});

describe("the weight's origin on the printed records (D14–15)", () => {
  it("marks a weight sent by the spec's body MANUAL, 'no reason given'", async () => {
    const { truck, ticket } = await kit.truckTicket(14_000);
    const material = await kit.material(`Fill ${crypto.randomUUID().slice(0, 8)}`);
    const weighed = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      weight: 40_000,
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    const record = await receivingRecord(ticket.id);
    expect(record.weighing).toEqual({ manual: true, manualReason: noManualReasonGiven, scaleName: null });
    expect(record.truckTareWeight).toBe(truck.tareWeight);
    expect((await haulageRecord(ticket.id)).weighing).toEqual(record.weighing);
  });

  it("gives a by-hand weighing's reason as the weighing recorded it", async () => {
    const { ticket } = await kit.truckTicket(14_000);
    // The Scale page's by-hand weight with its reason (item 3), appended as its command records it.
    const stream = ticketStreamId(ticket.id);
    const past = await kit.portal.infra.eventStore.readStream(stream);
    await kit.portal.infra.eventStore.append(
      stream,
      [
        {
          type: 'TicketWeighed',
          data: {
            ticketId: ticket.id,
            materialId: 1,
            scaleWeight: 40_000,
            tareWeight: 14_000,
            weight: 26_000,
            source: {
              scaleId: null,
              manual: true,
              stable: null,
              rawFrame: null,
              readingAt: null,
              manualReason: 'Indicator display failed',
            },
          },
          metadata: { userId: 1, occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: past.at(-1)?.streamVersion ?? 'no_stream' },
    );
    await kit.settle();
    expect((await receivingRecord(ticket.id)).weighing).toEqual({
      manual: true,
      manualReason: 'Indicator display failed',
      scaleName: null,
    });
  });

  it('names the scale that weighed the load', async () => {
    const scaleName = `North lane ${crypto.randomUUID().slice(0, 6)}`;
    const { scale, key } = await scaleWithKey(kit.portal, kit.admin, scaleName);
    const { ticket } = await kit.truckTicket(14_000);
    const material = await kit.material(`Clay ${crypto.randomUUID().slice(0, 8)}`);
    expect(await sendBridgeReport(kit.portal, key, bridgeReading(0, true))).toBe(204);
    expect(await sendBridgeReport(kit.portal, key, bridgeReading(41_000, true))).toBe(204);
    const weighed = await kit.call('PUT', '/api/ticket/weigh', {
      ticketId: ticket.id,
      materialId: material.id,
      scaleId: scale.id,
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect((await receivingRecord(ticket.id)).weighing).toEqual({
      manual: false,
      manualReason: null,
      scaleName,
    });
  });
});

describe('GET /api/ticket/{id}/receiving-record, probed as an attacker would', () => {
  it('needs a signed-in user; a standard user may print, as they may read the ticket', async () => {
    const { ticket } = await loadedTicket();
    expect(
      (await kit.call('GET', `/api/ticket/${ticket.id}/receiving-record`, undefined, {})).statusCode,
    ).toBe(401);
    const standard = await kit.call(
      'GET',
      `/api/ticket/${ticket.id}/receiving-record`,
      undefined,
      kit.standard,
    );
    expect(standard.statusCode, standard.body).toBe(200);
  });

  it('answers 404 for a ticket that does not exist, 400 for an id that is not one; an encoded path finds nothing', async () => {
    const missing = await kit.call('GET', '/api/ticket/99999999/receiving-record');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Ticket not found.');
    expect((await kit.call('GET', '/api/ticket/1x/receiving-record')).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/ticket/1%2Freceiving-record')).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    const traversal = await kit.call('GET', '/api/ticket/..%2F..%2Fsetting/receiving-record');
    expect(traversal.statusCode).toBe(400);
  });
});
