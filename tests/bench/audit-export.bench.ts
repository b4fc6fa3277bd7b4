import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  bearer,
  clientOfPortal,
  injectionOf,
  runToEnd,
  startTestPortal,
  type TestPortal,
} from '@portal/api/test/portal';
import { endpoints } from '@portal/contract';
import { atMost, type BenchRow, inRounds, mustBeZero, roundsRowOf, row } from './report';
import { scaled, sleep } from './support';

const name = 'audit-export';
const ticketCount = scaled(2_000);
/** Edits in flight while seeding, as a busy office's would be. */
const seedWriters = 8;
const verifierFile = fileURLToPath(
  new URL('../../packages/audit-verifier/verify-audit-export.mjs', import.meta.url),
);

/** Waits until the read model holds `count` tickets matching `where`. */
async function projected(portal: TestPortal, where: string, values: unknown[], count: number) {
  for (;;) {
    const { rows } = await portal.infra.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets WHERE ${where}`,
      values,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await sleep(50);
  }
}

/**
 * A project of `ticketCount` tickets through the API's own commands (generated, then each filled in, put in the
 * project and received, `seedWriters` at a time), then sealed: the events an export of it carries are the
 * portal's own. Answers the project's id.
 */
async function seedProject(portal: TestPortal, admin: Record<string, string>): Promise<number> {
  const api = clientOfPortal(() => portal);
  const contractor = await api(
    endpoints.contractorCompanyCatalogue.create,
    { body: { name: 'Acme' } },
    admin,
  );
  const hauler = await api(endpoints.transportCompanyCatalogue.create, { body: { name: 'Haul Co' } }, admin);
  const project = await api(
    endpoints.projectCatalogue.create,
    { body: { project: { projectId: 'P-2000', contractorCompanyId: contractor.id, jobSite: '1 Pit Rd' } } },
    admin,
  );
  // At most 2000 a run.
  for (let from = 1; from <= ticketCount; from += 2000) {
    const to = Math.min(from + 1999, ticketCount);
    await runToEnd(portal, admin, injectionOf(endpoints.postTicketGenerate, { body: { from, to } }), 300_000);
  }
  await projected(portal, 'true', [], ticketCount);
  const { rows } = await portal.infra.pool.query<{ id: number }>('SELECT id FROM tickets ORDER BY id');
  const ids = rows.map((ticket) => ticket.id);
  const now = Date.now();
  const fill = async (writer: number) => {
    for (let index = writer; index < ids.length; index += seedWriters) {
      const id = ids[index] as number;
      const ticket = {
        id,
        projectId: project.id,
        contractorCompanyId: contractor.id,
        transportCompanyId: hauler.id,
        date: new Date(now).toISOString(),
        timeLoaded: new Date(now - 120_000).toISOString(),
        timeReceived: new Date(now - 60_000).toISOString(),
        jobSite: '1 Pit Rd',
        siteContactName: 'Sid Site',
        truckDriverName: `Driver ${index % 300}`,
        truckLicensePlate: `AB${String(index).padStart(5, '0')}`,
        truckNumber: `T-${index % 1000}`,
        truckTypeId: 1,
        weight: 10_000 + (index % 20_000),
        isReceived: true,
      };
      await api(endpoints.putTicketEdit, { body: { ticket, loggedInUserId: 1 } }, admin);
    }
  };
  await Promise.all(Array.from({ length: seedWriters }, (_, writer) => fill(writer)));
  await projected(portal, 'project_id = $1', [project.id], ticketCount);
  await api(endpoints.postAuditSeal, {}, admin);
  return project.id;
}

/** The floor: the same streams' events read raw and written out as JSON, nothing else (no proofs, no records). */
async function rawEventsJson(portal: TestPortal, projectId: number) {
  const started = performance.now();
  const { rows } = await portal.infra.pool.query<{ stream_id: string }>(
    `SELECT 'ticket-' || id AS stream_id FROM tickets WHERE project_id = $1`,
    [projectId],
  );
  const streams = rows.map((stream) => stream.stream_id);
  let bytes = 0;
  for (let start = 0; start < streams.length; start += 200) {
    const events = await portal.infra.pool.query(
      'SELECT * FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version',
      [streams.slice(start, start + 200)],
    );
    // The event store reads its 64-bit positions as BigInt, which JSON writes as the export does: as text.
    bytes += JSON.stringify(events.rows, (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value,
    ).length;
  }
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** The export through HTTP, read to its end. */
async function download(portal: TestPortal, headers: Record<string, string>, projectId: number) {
  const started = performance.now();
  const response = await fetch(`${portal.url}/api/audit/export?project=${projectId}`, { headers });
  const text = await response.text();
  return { seconds: (performance.now() - started) / 1000, text, ok: response.ok };
}

/** The standalone verifier over the file, as an auditor runs it: its time and exit code. */
async function verified(directory: string, text: string) {
  const file = path.join(directory, 'export.json');
  await writeFile(file, text);
  const started = performance.now();
  const code = await new Promise<number>((resolve) =>
    execFile(process.execPath, [verifierFile, file], (error) => resolve(error ? Number(error.code) : 0)),
  );
  return { seconds: (performance.now() - started) / 1000, code };
}

/**
 * Issue 31's goal: GET /api/audit/export of a 2,000-ticket project within 10 s, judged on the median of the
 * rounds, beside its floor in the same rounds (the streams' events read raw and stringified) and the standalone
 * verifier's time over the same file.
 */
export async function auditExportBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  const directory = await mkdtemp(path.join(tmpdir(), 'audit-export-bench-'));
  try {
    const rows: BenchRow[] = [];
    const admin = bearer(await portal.login());
    const seedStarted = performance.now();
    const projectId = await seedProject(portal, admin);
    rows.push(
      row(
        name,
        `seed a ${ticketCount}-ticket project through the API`,
        (performance.now() - seedStarted) / 1000,
        's',
      ),
    );
    let failures = 0;
    const measured = await inRounds(async () => {
      const floor = await rawEventsJson(portal, projectId);
      const exported = await download(portal, admin, projectId);
      const verification = await verified(directory, exported.text);
      if (!exported.ok || verification.code !== 0) failures++;
      return { floor, exported, verification };
    });
    const perRound = roundsRowOf(name, measured);
    const label = `GET /api/audit/export, a ${ticketCount}-ticket project`;
    rows.push(
      perRound(`${label}: time`, (r) => r.exported.seconds, 's', atMost(10)),
      perRound(`${label}: file size`, (r) => r.exported.text.length / 1024 / 1024, 'MB'),
      perRound('floor: its events read raw and stringified', (r) => r.floor.seconds, 's'),
      perRound('export time / floor', (r) => r.exported.seconds / r.floor.seconds, 'ratio'),
      perRound('the standalone verifier over the file', (r) => r.verification.seconds, 's'),
      mustBeZero(name, `${label}: non-2xx or not verified`, failures),
    );
    return rows;
  } finally {
    await rm(directory, { recursive: true, force: true });
    await portal.stop();
  }
}
