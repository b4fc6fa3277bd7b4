import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { type ReadinessCheck, readiness } from './readiness';

export interface HealthServer {
  url: string;
  /** The port asked for when another program held it (the listener took a free one instead); else null. */
  takenPort: number | null;
  close(): Promise<void>;
}

export interface HealthServerOptions {
  host: string;
  /** 0: any free port; a port another program holds gives way to a free one (`takenPort` says so). */
  port: number;
  registry: Registry;
  checks: readonly ReadinessCheck[];
  /** How long one readiness check may take before it counts as failed. */
  checkTimeoutMs: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string | null;
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const mayScrape = (request: IncomingMessage, token: string | null | undefined): boolean =>
  !token || sameSecret(request.headers.authorization ?? '', `Bearer ${token}`);

/**
 * A process's internal listener: GET /healthz (the process runs), /readyz (200 when every check
 * passes, else 503 naming the failed ones), /metrics (Prometheus text). Plain node:http: three
 * read-only routes need no framework, and the scale bridge runs without one.
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const { registry, checks, checkTimeoutMs, metricsToken } = options;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://process').pathname;
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const json = (status: number, body: object) => send(status, JSON.stringify(body));
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return json(405, { message: 'Method not allowed.' });
    if (path === '/healthz') return json(200, { status: 'ok' });
    if (path === '/readyz') {
      readiness(checks, checkTimeoutMs).then(
        (result) => json(result.status === 'ready' ? 200 : 503, result),
        () => json(503, { status: 'not ready', checks: {} }),
      );
      return;
    }
    if (path !== '/metrics') return json(404, { message: 'Not found.' });
    if (!mayScrape(request, metricsToken)) {
      response.setHeader('www-authenticate', 'Bearer');
      return json(401, { message: 'A metrics token is required.' });
    }
    registry.metrics().then(
      (text) => send(200, text, registry.contentType),
      () => json(500, { message: 'The metrics could not be collected.' }),
    );
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  // An internal listener is optional: a second portal on the machine must not stop this one starting.
  let takenPort: number | null = null;
  try {
    await listen(options.port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port === 0) throw error;
    takenPort = options.port;
    await listen(0);
  }
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    takenPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
