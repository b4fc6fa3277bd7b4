import { randomUUID } from 'node:crypto';
import { clientOfPortal, type Headers, injectionOf } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { apiKeyMessages, endpoints, type WebhookEnvelope } from '@portal/contract';
import { ticketStreamId } from '@portal/domain';
import type { NewEvent, RecordedEvent } from '@portal/event-store';
import { installSlowAppends } from '@portal/event-store/test/slow-appends';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 33, item 6: a client following GET /api/feed sees every published event once, in log order, while
 * other appends commit out of order around its reads.
 */
const kit = useTicketPortal();
let feedKey: Headers;

beforeAll(async () => {
  // Appends that commit out of order, here through the portal's own appends.
  await installSlowAppends(kit.portal.infra.pool);
  const body = {
    name: 'feed follower',
    scopes: ['read-events' as const],
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };
  const { key } = await clientOfPortal(() => kit.portal)(endpoints.postApiKeyNew, { body }, kit.admin);
  feedKey = { authorization: `Bearer ${key}` };
});

let nextTicketId = 500_000;

/** A ticket generated and then rejected: two published events, appended as one command would. */
function appendTicket(slowMs?: number): Promise<string[]> {
  const ticketId = nextTicketId++;
  const metadata = { userId: 1, occurredAt: new Date().toISOString(), ...(slowMs ? { slowMs } : {}) };
  const events: NewEvent[] = [
    {
      eventId: randomUUID(),
      type: 'TicketGenerated',
      data: {
        ticketId,
        prefix: 77,
        ticketNumber: ticketId,
        isSoilFLOLoad: false,
        hashNonce: 'n',
        date: metadata.occurredAt,
      },
      metadata,
    },
    { eventId: randomUUID(), type: 'TicketRejected', data: { ticketId, reason: 'Wrong load' }, metadata },
  ];
  return kit.portal.infra.eventStore
    .append(ticketStreamId(ticketId), events, { expectedVersion: 'no_stream' })
    .then(() => events.map((event) => event.eventId as string));
}

async function appendTickets(count: number, { concurrency = 50, slowEvery = 0 } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < count; done += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - done) }, (_, i) =>
      appendTicket(slowEvery && (done + i) % slowEvery === slowEvery - 1 ? 1200 : undefined),
    );
    ids.push(...(await Promise.all(batch)).flat());
  }
  return ids;
}

const page = async (query: { after?: string; types?: string; limit?: number }, headers = feedKey) => {
  const answer = await kit.portal.app.inject({ ...injectionOf(endpoints.getFeed, { query }), headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ events: WebhookEnvelope[]; next: string }>();
};

/** Follows the feed from the beginning until `until` says stop, as a client would: `next` after `next`. */
async function follow(
  until: (seen: WebhookEnvelope[]) => boolean,
  query: { types?: string; limit?: number } = {},
) {
  const seen: WebhookEnvelope[] = [];
  let after: string | undefined;
  const deadline = Date.now() + 120_000;
  while (!until(seen)) {
    if (Date.now() > deadline) throw new Error(`followed ${seen.length} envelopes, then nothing more`);
    const answer = await page({ ...query, ...(after ? { after } : {}) });
    seen.push(...answer.events);
    after = answer.next;
    if (answer.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

/** Every published event the store holds, in its global order. */
async function logOrder(): Promise<string[]> {
  const ids: string[] = [];
  let after: RecordedEvent['position'] | undefined;
  for (;;) {
    const events = await kit.portal.infra.eventStore.readAll({ ...(after ? { after } : {}), maxCount: 5000 });
    if (events.length === 0) return ids;
    ids.push(...events.filter((event) => event.type.startsWith('Ticket')).map((event) => event.eventId));
    after = events.at(-1)?.position;
  }
}

describe('following the feed', () => {
  it('sees 10,000 events once each, in log order, while appends commit out of order around it', async () => {
    const before = await appendTickets(3_000);
    let appending = true;
    const during = appendTickets(2_000, { concurrency: 20, slowEvery: 400 }).finally(() => {
      appending = false;
    });
    let pagesWhileAppending = 0;
    const followed = await follow(
      (seen) => {
        if (appending) pagesWhileAppending++;
        return seen.length >= 10_000 && !appending;
      },
      { limit: 700 },
    );
    const appended = [...before, ...(await during)];

    const ids = followed.map((envelope) => envelope.eventId);
    expect(appended).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids)).toEqual(new Set(appended));
    expect(ids).toEqual(await logOrder());
    expect(pagesWhileAppending).toBeGreaterThan(5);
    // One ticket's events by their sequence, each with the ticket as it now stands.
    const first = followed.filter((envelope) => 'ticketId' in envelope && envelope.ticketId === 500_000);
    expect(first.map(({ type, sequence }) => [type, sequence])).toEqual([
      ['ticket.generated', 1],
      ['ticket.rejected', 2],
    ]);
    expect(first[1]).toMatchObject({
      version: 1,
      ticketId: 500_000,
      data: { ticketId: 500_000, reason: 'Wrong load' },
      ticket: { ticketNumber: 500_000, isRejected: true },
    });

    // Read again at once, a page of 1,000 at a time: how fast a client catches up.
    const started = performance.now();
    const again = await follow((seen) => seen.length >= 10_000, { limit: 1000 });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `feed: 10,000 envelopes followed again in ${seconds.toFixed(2)} s (${Math.round(10_000 / seconds)}/s)`,
    );
    expect(again.map((envelope) => envelope.eventId)).toEqual(ids);
  }, 180_000);

  it('keeps only the types asked for, and moves its cursor past the others', async () => {
    const rejections = await follow((seen) => seen.length >= 5_000, {
      types: 'ticket.rejected',
      limit: 1000,
    });
    expect(new Set(rejections.map((envelope) => envelope.type))).toEqual(new Set(['ticket.rejected']));
    const { events, next } = await page({ types: 'ticket.rejected', limit: 1000 });
    expect(events).toHaveLength(1000);
    const rest = await page({ after: next, types: 'ticket.generated,ticket.rejected', limit: 1 });
    expect(rest.events[0]?.sequence).toBeGreaterThan(0);
  });

  it('refuses a cursor it did not make, an unknown type, and every caller but its key and administrators', async () => {
    for (const after of [
      'nonsense',
      Buffer.from('v1.1.-2').toString('base64url'),
      `${(await page({ limit: 1 })).next}=`,
    ]) {
      const answer = await kit.portal.app.inject({
        ...injectionOf(endpoints.getFeed, { query: { after } }),
        headers: feedKey,
      });
      expect(answer.statusCode, after).toBe(400);
      expect(answer.json()).toMatchObject({ message: apiKeyMessages.invalidCursor });
    }
    const unknown = await kit.portal.app.inject({
      ...injectionOf(endpoints.getFeed, { query: { types: 'ticket.exploded' } }),
      headers: feedKey,
    });
    expect(unknown.statusCode).toBe(400);
    expect((await page({ limit: 1 }, kit.admin)).events).toHaveLength(1);
  });
});
