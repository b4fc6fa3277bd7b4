import net from 'node:net';
import { StartRefused } from './start-failure';

/**
 * Why `port` on `host` cannot be listened on now (the error's code: EADDRINUSE when another program
 * holds it, EACCES for a privileged port), or null when it can. Checked before the slow work of a start,
 * so a taken port is said at once rather than after the database has started.
 */
export const listenProblem = (port: number, host: string): Promise<string | null> =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });

/** A port no program holds on `host` now, as the system picks it. */
export const freePortOn = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });

/**
 * The one line a taken PORT gets: it names the port and the address, and suggests a nearby port that
 * is free now.
 */
export async function portTakenLine(port: number, host: string): Promise<string> {
  let suggestion: number | null = null;
  for (let next = port + 1; next <= Math.min(port + 20, 65_535) && suggestion === null; next += 1)
    if ((await listenProblem(next, host)) === null) suggestion = next;
  return (
    `PORT ${port} is already in use on ${host} (another portal or program holds it): stop that program ` +
    `or start on another port${suggestion === null ? '' : `, e.g. PORT=${suggestion} npm start`}.`
  );
}

/**
 * Refuses a start whose PORT cannot be listened on, in one line. Run before the portal's modules load
 * and its database starts, so a taken port is said within a second or two, not after (and under) them.
 */
export async function refuseUnusablePort({ port, host }: { port: number; host: string }): Promise<void> {
  const problem = await listenProblem(port, host);
  if (problem === 'EADDRINUSE') throw new StartRefused(await portTakenLine(port, host));
  if (problem !== null)
    throw new StartRefused(`PORT ${port} on HOST ${host} cannot be listened on (${problem}).`);
}
