import net from 'node:net';

export interface TcpProxy {
  /** The loopback port that forwards to the target. */
  port: number;
  /** An outage: every forwarded connection is cut, and new ones are closed as soon as they open. */
  cut(): void;
  /** The outage ends: new connections are forwarded again. */
  restore(): void;
  stop(): Promise<void>;
}

/**
 * A TCP forwarder on loopback in front of `target` (the test database server), so a test can take the
 * database away from one process, as a failover or a network partition does, and give it back.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        open.delete(socket);
        other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    async stop() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
