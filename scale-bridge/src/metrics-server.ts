import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * GET /healthz (the process runs), /readyz (503 until the scale is heard), /metrics (Prometheus
 * text). Plain node:http: three read-only routes need no framework.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  registry: Registry;
  ready: () => boolean;
}): Promise<MetricsServer> {
  const { registry, ready } = options;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://bridge').pathname;
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed\n');
    if (path === '/healthz') return send(200, 'ok\n');
    if (path === '/readyz') return ready() ? send(200, 'ready\n') : send(503, 'not ready\n');
    if (path !== '/metrics') return send(404, 'not found\n');
    registry.metrics().then(
      (text) => send(200, text, registry.contentType),
      (error: unknown) => send(500, `${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
