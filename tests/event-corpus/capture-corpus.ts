/**
 * Writes the event corpus (tests/event-corpus/streams) from the events the test suite wrote: run the
 * integration suite with KEEP_TEST_DATABASES=1 (its databases are then kept), then
 * `npx tsx tests/event-corpus/capture-corpus.ts`, which picks the fewest short streams holding every
 * event type, version and payload shape found, writes them, and drops the kept databases. Each test
 * database numbers its records from 1, so a stream whose id is already in the corpus is given a free
 * one (in its stream id and the payload's id field, and a user's username gets +id: nothing else changes). Existing
 * stream files are kept: the corpus only grows (a new version adds streams; nothing stored is changed).
 * Then `UPDATE_EVENT_CORPUS=1 npx vitest run --project unit tests/event-corpus` records the schemas and
 * the expected states, and the integration test's run with it records the expected read models.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { portalEventVersions } from '@portal/domain';
import pg from 'pg';
import { type CorpusEvent, corpusDirectory, loadCorpusStreams, signatureOf } from './corpus';

const serverUrl = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const longestStream = 30;

interface Candidate {
  streamId: string;
  events: CorpusEvent[];
  signatures: Set<string>;
}

/** The payload fields that hold the stream's own id (ticket-12: ticketId 12). */
const ownIdFields = ['ticketId', 'userId', 'id', 'fromTransportCompanyId'];
const firstFreeId = 900_001;

/** The stream under a free id of its category: stream id and payload id fields changed, nothing else. */
function renumbered(candidate: Candidate, taken: Set<string>): Candidate {
  const match = /^(.*)-(\d+)$/.exec(candidate.streamId);
  if (!match) return candidate;
  const [, category, oldId] = match;
  let id = firstFreeId;
  while (taken.has(`${category}-${id}`)) id += 1;
  const events = candidate.events.map((event) => {
    const data = { ...(event.data as Record<string, unknown>) };
    for (const field of ownIdFields) if (data[field] === Number(oldId)) data[field] = id;
    // A username is one user's across the site: the other site's user is told apart by its new id.
    if (typeof data.username === 'string') data.username = data.username.replace('@', `+${id}@`);
    return { ...event, data };
  });
  return { ...candidate, streamId: `${category}-${id}`, events };
}

/** Test passwords' hashes and link nonces stay out of the repository: fixed stand-ins take their place. */
function withoutSecrets(event: CorpusEvent, index: number): CorpusEvent {
  const data = { ...(event.data as Record<string, unknown>) };
  if (typeof data.passwordHash === 'string') data.passwordHash = `corpus-password-hash-${index}`;
  if (typeof data.hashNonce === 'string') data.hashNonce = `corpus-nonce-${index}`;
  return { ...event, data };
}

/**
 * The test databases the tests kept (KEEP_TEST_DATABASES). One with a session open belongs to a test still
 * running, this checkout's or another's on the same server: it is neither read nor dropped.
 */
async function keptDatabases(admin: pg.Client): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database d WHERE datname LIKE 'portal_test_%'
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)
     ORDER BY datname`,
  );
  return rows.map((row) => row.datname);
}

async function candidatesOf(database: string): Promise<Candidate[]> {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const exists = await client.query("SELECT to_regclass('events') AS t");
    if (exists.rows[0]?.t === null) return [];
    const { rows } = await client.query<{
      stream_id: string;
      event_type: string;
      data: unknown;
      metadata: Record<string, unknown>;
    }>(
      `SELECT stream_id, event_type, data, metadata FROM events
        WHERE stream_id IN (SELECT stream_id FROM events GROUP BY stream_id HAVING count(*) <= $1)
        ORDER BY stream_id, stream_version`,
      [longestStream],
    );
    const streams = new Map<string, CorpusEvent[]>();
    for (const row of rows) {
      const events = streams.get(row.stream_id) ?? [];
      events.push({ type: row.event_type, data: row.data, metadata: row.metadata });
      streams.set(row.stream_id, events);
    }
    return [...streams]
      .filter(([, events]) => events.every((event) => event.type in portalEventVersions))
      .map(([streamId, events]) => ({
        streamId,
        events,
        signatures: new Set(events.map(signatureOf)),
      }));
  } finally {
    await client.end();
  }
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const databases = await keptDatabases(admin);
const candidates = (await Promise.all(databases.map(candidatesOf))).flat();
const streamsDirectory = path.join(corpusDirectory, 'streams');
mkdirSync(streamsDirectory, { recursive: true });
const existing = loadCorpusStreams();
const taken = new Set(existing.map((stream) => stream.streamId));
const covered = new Set(existing.flatMap((stream) => stream.events.map(signatureOf)));
const wanted = [...new Set(candidates.flatMap((c) => [...c.signatures]))].sort();
let written = 0;
for (const signature of wanted) {
  if (covered.has(signature)) continue;
  const found = candidates
    .filter((c) => c.signatures.has(signature))
    .sort((a, b) => a.events.length - b.events.length)[0];
  if (!found) continue;
  const shortest = taken.has(found.streamId) ? renumbered(found, taken) : found;
  taken.add(shortest.streamId);
  for (const held of shortest.signatures) covered.add(held);
  const file = path.join(streamsDirectory, `${shortest.streamId}.json`);
  if (existsSync(file)) continue;
  writeFileSync(file, `${JSON.stringify(shortest.events.map(withoutSecrets), null, 2)}\n`);
  written += 1;
}
console.log(`${wanted.length} shapes in ${databases.length} databases; ${written} streams written`);
for (const database of databases) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin.end();
