import { configFromEnv, dataDirFromEnv, secretsFromEnv } from './config';
import { loadOrCreateSecrets } from './data-dir-secrets';
import { embeddedDatabaseUrl, embeddedPort } from './embedded-database';
import { startServices } from './portal';
import { closeOnSignals } from './shutdown';

/**
 * `npm run worker`: a process that only runs the queue workers (and stands by for the
 * projections). Start as many as the load needs; a chunk is never processed twice. Without
 * DATABASE_URL it joins the embedded PostgreSQL that `npm start` runs from the same DATA_DIR.
 */
async function main(): Promise<void> {
  const env = process.env;
  const secrets = loadOrCreateSecrets(dataDirFromEnv(env));
  const databaseUrl =
    env.DATABASE_URL ??
    embeddedDatabaseUrl({ port: embeddedPort(env), password: secrets.embeddedPostgresPassword });
  const config = configFromEnv(env, { databaseUrl, ...secretsFromEnv(env, secrets), uiDist: null });
  const services = await startServices(config, { workers: true, api: false });
  console.log(`Worker running (queues on ${config.redisUrl ? 'Redis' : 'PostgreSQL'})`);

  closeOnSignals(
    (signal) => `${signal}: finishing running jobs, then stopping`,
    () => services.close(),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
