import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { testAdmin } from '@portal/api/test/portal';
import { type PortalProcess, startCompiledApi } from '@portal/api/test/processes';
import { endpoints, type WebhookEnvelope } from '@portal/contract';
import { createTestDatabase } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { requestOverHttp } from '../support/http-client';
import {
  atLeast,
  atMost,
  type BenchRow,
  inRounds,
  mustBeZero,
  percentile,
  perSecond,
  roundsRowOf,
} from './report';
import { sleep } from './support';

/**
 * Issue 33's rows: a ticket receipt (its event appended) to the webhook's arrival at 5 loopback receivers,
 * receipts paced at 100 a second, p99 within 500 ms; and the event feed followed from its start, at least
 * 5,000 envelopes a second, beside its floor: the same events read straight from PostgreSQL in log order.
 * The compiled API runs with its queue workers, as `npm start` does.
 */
const name = 'integrations';
const load = { subscriptions: 5, receiptsPerSecond: 100, receiptsPerRound: 300, seededTickets: 10_000 };
const generateBatch = 2000;

/** A loopback webhook receiver: when each envelope arrived, against the event's own time. */
async function startReceiver() {
  const arrivals: { eventId: string; latencyMs: number }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => {
      body += part;
    });
    request.on('end', () => {
      const envelope = JSON.parse(body) as WebhookEnvelope;
      arrivals.push({ eventId: envelope.eventId, latencyMs: Date.now() - Date.parse(envelope.occurredAt) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = async <T>(response: Response, what: string): Promise<T> => {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

export async function integrationsBench(): Promise<BenchRow[]> {
  const database = await createTestDatabase();
  const receivers = await Promise.all(Array.from({ length: load.subscriptions }, startReceiver));
  let api: (PortalProcess & { url: string }) | null = null;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    api = await startCompiledApi(database.url, { WORKERS: 'on', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    const { url } = api;
    const token = await json<string>(
      await requestOverHttp(url, endpoints.postAuthAuthenticate, { body: testAdmin }),
      'the login',
    );
    const admin = { authorization: `Bearer ${token}` };
    for (let from = 1; from <= load.seededTickets; from += generateBatch)
      await json(
        await requestOverHttp(
          url,
          endpoints.postTicketGenerate,
          { body: { from, to: from + generateBatch - 1 } },
          admin,
        ),
        'generating tickets',
      );
    // The run answers once its tickets are in the read models: their ids, to receive them by.
    const tickets = (await pool.query<{ id: number }>('SELECT id FROM tickets ORDER BY id')).rows.map(
      (ticket) => ticket.id,
    );
    for (const receiver of receivers)
      await json(
        await requestOverHttp(
          url,
          endpoints.postWebhookNew,
          { body: { url: receiver.url, eventTypes: ['ticket.received'] } },
          admin,
        ),
        'subscribing',
      );

    let next = 0;
    const latency = await inRounds(async () => {
      const sent: string[] = [];
      let refused = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: load.receiptsPerRound }, async (_, i) => {
          // Paced, not one after another: the n-th receipt leaves at n × 10 ms whatever the answers take.
          await sleep(started + (i * 1000) / load.receiptsPerSecond - performance.now());
          const ticketId = tickets[next++];
          if (ticketId === undefined) throw new Error('the bench ran out of tickets');
          const answer = await requestOverHttp(
            url,
            endpoints.putTicketReceive,
            { body: { ticketId, source: 'dashboard' } },
            admin,
          );
          if (answer.ok) sent.push(String(ticketId));
          else refused++;
          await answer.arrayBuffer();
        }),
      );
      const expected = sent.length * receivers.length;
      const deadline = performance.now() + 60_000;
      const arrived = () => receivers.reduce((sum, r) => sum + r.arrivals.length, 0);
      while (arrived() < expected && performance.now() < deadline) await sleep(50);
      const latencies = receivers.flatMap((receiver) => receiver.arrivals.splice(0).map((a) => a.latencyMs));
      return { latencies, missing: expected - latencies.length, refused };
    });

    // The feed, followed from its start with a key of the feed's scope, against the same events read raw.
    const { key } = await json<{ key: string }>(
      await requestOverHttp(
        url,
        endpoints.postApiKeyNew,
        {
          body: {
            name: 'bench feed',
            scopes: ['read-events'],
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        },
        admin,
      ),
      'issuing a key',
    );
    const follower = { authorization: `Bearer ${key}` };
    const feed = await inRounds(async () => {
      const started = performance.now();
      let envelopes = 0;
      let after: string | undefined;
      for (;;) {
        const page = await json<{ events: unknown[]; next: string }>(
          await requestOverHttp(
            url,
            endpoints.getFeed,
            { query: { limit: 1000, ...(after ? { after } : {}) } },
            follower,
          ),
          'the feed',
        );
        envelopes += page.events.length;
        after = page.next;
        if (page.events.length === 0) break;
      }
      const feedMs = performance.now() - started;
      const floorStarted = performance.now();
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT stream_id, event_type, data, metadata FROM events
           ORDER BY transaction_id, global_position) AS read`,
      );
      const floorMs = performance.now() - floorStarted;
      return {
        perSecond: perSecond(envelopes, feedMs),
        floor: perSecond(rows[0]?.n ?? 0, floorMs),
        envelopes,
      };
    });

    const latencyRow = roundsRowOf(name, latency);
    const feedRow = roundsRowOf(name, feed);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return [
      latencyRow(
        `receipt -> webhook at ${load.subscriptions} receivers, ${load.receiptsPerSecond} receipts/s: p99`,
        (round) => percentile(round.latencies, 99),
        'ms',
        atMost(500),
      ),
      latencyRow('receipt -> webhook: p50', (round) => percentile(round.latencies, 50), 'ms'),
      latencyRow('webhooks received per round', (round) => round.latencies.length, 'count'),
      mustBeZero(
        name,
        'webhooks missing after 60 s (all rounds)',
        sum(latency.results.map((r) => r.missing)),
      ),
      mustBeZero(name, 'receipts refused (all rounds)', sum(latency.results.map((r) => r.refused))),
      feedRow('feed, followed from its start', (round) => round.perSecond, 'envelopes/s', atLeast(5000)),
      feedRow('feed floor: the same events read raw from PostgreSQL', (round) => round.floor, 'events/s'),
      feedRow('feed envelopes per follow', (round) => round.envelopes, 'count'),
    ];
  } finally {
    await api?.stop();
    await pool.end();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await database.drop();
  }
}
