import { existsSync } from 'node:fs';
import path from 'node:path';
import { configFromEnv, dataDirFromEnv, defaultUiDist } from './config';
import { loadOrCreateSecrets } from './data-dir-secrets';
import { openConfiguredDatabase } from './embedded-database';
import { startPortal } from './portal';

/** `npm start`: the whole portal in one process, with an embedded PostgreSQL unless DATABASE_URL is set. */
async function main(): Promise<void> {
  const env = process.env;
  const dataDir = dataDirFromEnv(env);
  const secrets = loadOrCreateSecrets(dataDir);
  const { url: databaseUrl, embedded } = await openConfiguredDatabase(
    env,
    dataDir,
    secrets.embeddedPostgresPassword,
  );
  const uiDist = existsSync(path.join(defaultUiDist, 'index.html')) ? defaultUiDist : null;
  if (!uiDist) console.warn('The admin UI is not built (npm run build): serving the API only.');
  const config = configFromEnv(env, {
    databaseUrl,
    jwtSecret: env.JWT_SECRET ?? secrets.jwtSecret,
    uiDist,
  });

  let portal: Awaited<ReturnType<typeof startPortal>>;
  try {
    portal = await startPortal(config, {
      logger: {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers["x-auth-token"]'],
      },
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  console.log(`Haulage-ticket portal is running at ${portal.url}`);
  console.log('Log in with the administrator account (ADMIN_EMAIL, or admin@example.com on a first start).');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await portal.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
