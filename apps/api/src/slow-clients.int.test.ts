import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { useTestPortal } from '@portal/api/test/portal';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';

// Issue 32, L3: a client that trickles its request, or sends nothing, cannot hold a socket for ever, and the
// process holds a bounded number of connections. A second app over the test portal's infrastructure, on a
// real port, with a 2 s request timeout and a cap of 3 connections.
const ctx = useTestPortal();
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildApp({
    ...ctx.portal.infra,
    config: { ...ctx.portal.infra.config, requestTimeoutMs: 2000, maxConnections: 3 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app?.close());

/** A raw connection, with what the server sent and when it closed (ms after opening). */
async function connection() {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = performance.now();
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - opened)),
  );
  return { socket, closed, received: () => received };
}

describe('slow clients and too many connections', () => {
  it('cuts off a request whose body trickles past the request timeout, with 408', async () => {
    const client = await connection();
    client.socket.write(
      'POST /api/auth/Authenticate HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const trickle = setInterval(() => client.socket.write(' '), 300);
    try {
      const closedAfterMs = await client.closed;
      // Node checks open requests every second: cut off between the 2 s limit and a second after it.
      expect(closedAfterMs).toBeGreaterThan(1900);
      expect(closedAfterMs).toBeLessThan(5000);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection whose headers never finish', async () => {
    const client = await connection();
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: portal\r\n');
    const closedAfterMs = await client.closed;
    expect(closedAfterMs).toBeLessThan(4000);
  });

  it('holds at most 3 connections: the 4th is closed as it arrives; once one ends, a request is served', async () => {
    const held = [await connection(), await connection(), await connection()];
    const fourth = await connection();
    expect(await fourth.closed).toBeLessThan(1000);
    expect(fourth.received()).toBe('');
    const first = held[0];
    first?.socket.destroy();
    await first?.closed;
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
