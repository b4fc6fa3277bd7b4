import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints, type WebhookEnvelope } from '@portal/contract';
import { Webhook } from 'standardwebhooks';
import { afterEach } from 'vitest';
import { clientOfPortal, type Headers, type TestPortal } from './portal';

/** One request the receiver got, and whether the official Standard Webhooks library verified it. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  verified: boolean;
  envelope: WebhookEnvelope;
  /** As received, for verifying again with other secrets. */
  body: string;
  headers: Record<string, string>;
  receivedAt: number;
  /** Sent again by a replay from a date (webhook-replay: 1). */
  replay: boolean;
  /** What the receiver answered. */
  status: number;
}

type Answer = { status: number; location?: string; delayMs?: number };

/**
 * A webhook receiver on loopback, as an integrator would write one: it verifies every request with the
 * `standardwebhooks` package against the secrets it is given (any one verifying is enough, as during a
 * rotation) and answers what the test tells it to (200 by default).
 */
export interface WebhookReceiver {
  url: string;
  /** host:port, as WEBHOOK_ALLOWED_HOSTS takes it. */
  host: string;
  port: number;
  received: ReceivedWebhook[];
  trust(secrets: string[]): void;
  answer(answer: Answer | ((request: ReceivedWebhook) => Answer)): void;
  /** The distinct webhook-ids seen, in the order first seen (the receiver's dedup). */
  distinctIds(): string[];
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const headerOf = (request: IncomingMessage, name: string) => String(request.headers[name] ?? '');

export function verifiedByAny(secrets: string[], body: string, headers: Record<string, string>): boolean {
  return secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  });
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let secrets: string[] = [];
  let answer: Answer | ((request: ReceivedWebhook) => Answer) = { status: 200 };
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const headers = {
      'webhook-id': headerOf(request, 'webhook-id'),
      'webhook-timestamp': headerOf(request, 'webhook-timestamp'),
      'webhook-signature': headerOf(request, 'webhook-signature'),
    };
    const record: ReceivedWebhook = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      verified: verifiedByAny(secrets, body, headers),
      envelope: JSON.parse(body) as WebhookEnvelope,
      body,
      headers,
      receivedAt: Date.now(),
      replay: headerOf(request, 'webhook-replay') === '1',
      status: 0,
    };
    const chosen = typeof answer === 'function' ? answer(record) : answer;
    record.status = chosen.status;
    received.push(record);
    if (chosen.delayMs) await new Promise((resolve) => setTimeout(resolve, chosen.delayMs));
    response.writeHead(chosen.status, chosen.location ? { location: chosen.location } : {});
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    host: `127.0.0.1:${port}`,
    port,
    received,
    trust: (next) => {
      secrets = next;
    },
    answer: (next) => {
      answer = next;
    },
    distinctIds: () => [...new Set(received.map((request) => request.id))],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a test file: starts receivers on demand, and after each test closes them and deletes the portal's
 * subscriptions, so every test starts with none.
 */
export function useWebhookReceivers(
  portal: () => TestPortal,
  admin: () => Headers,
): () => Promise<WebhookReceiver> {
  const api = clientOfPortal(portal);
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    for (const subscription of await api(endpoints.getWebhookAll, {}, admin()))
      await api(endpoints.deleteWebhookById, { params: { id: subscription.id } }, admin());
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  return async () => {
    const started = await startWebhookReceiver();
    receivers.push(started);
    return started;
  };
}
