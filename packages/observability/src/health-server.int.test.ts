import net from 'node:net';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type HealthServer, startHealthServer } from './health-server';

/** Issue 34, D24: a second portal (or scale bridge) on the machine holds this process's metrics port. */
describe('the internal listener on a port another program holds', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  const holdAnyPort = () =>
    new Promise<net.Server>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    });

  const start = async (port: number): Promise<HealthServer> => {
    const server = await startHealthServer({
      host: '127.0.0.1',
      port,
      registry: new Registry(),
      checks: [],
      checkTimeoutMs: 100,
    });
    closing.push(server.close);
    return server;
  };

  it('takes a free port instead, and says which port it could not have', async () => {
    const held = await holdAnyPort();
    closing.push(() => new Promise((resolve) => held.close(resolve)));
    const heldPort = (held.address() as net.AddressInfo).port;
    const server = await start(heldPort);
    expect(server.takenPort).toBe(heldPort);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toBe(`http://127.0.0.1:${heldPort}`);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('takes the port it is given when it is free', async () => {
    const server = await start(0);
    expect(server.takenPort).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
