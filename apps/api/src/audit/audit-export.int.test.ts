import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import type { Ticket } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDate } from '../site-time';
import { auditExportScopeMessage } from './audit-export';

// Issue 31, item 4: an export an auditor checks with the standalone verifier alone, in a directory holding
// nothing but the verifier and the export (no repository, no node_modules, no database).
const kit = useTicketPortal({ standardUser: true, auditorUser: true, companies: true });
const verifierFile = fileURLToPath(
  new URL('../../../../packages/audit-verifier/verify-audit-export.mjs', import.meta.url),
);

interface ExportedEvent {
  streamVersion: number;
  eventId: string;
  type: string;
  data: unknown;
  afterLatestSeal: boolean;
}
interface Exported {
  seal: { signature: string; merkleRoot: string } | null;
  streams: {
    streamId: string;
    sealedHead: { version: number } | null;
    notInSeal?: object;
    events: ExportedEvent[];
    printedRecords?: { receivingRecord: { ticket: Ticket }; haulageRecord: { ticket: object } };
  }[];
}

/** The tickets whose printed records the export holds. */
const recordedTickets = (exported: Exported) =>
  exported.streams.flatMap((stream) =>
    stream.printedRecords ? [stream.printedRecords.receivingRecord.ticket.id] : [],
  );

let cleanDirectory: string;
let projectId: number;
let tickets: Ticket[];
let late: Ticket;
const today = () => siteDate(kit.portal.config.siteTimezone);

beforeAll(async () => {
  cleanDirectory = await mkdtemp(path.join(tmpdir(), 'audit-export-'));
  await copyFile(verifierFile, path.join(cleanDirectory, 'verify-audit-export.mjs'));
  projectId = (await kit.project({ contractorCompanyId: kit.acme.id })).id;
  tickets = await kit.fresh(3);
  for (const ticket of tickets.slice(0, 2))
    await kit.full(ticket.id, { ...kit.completeForm(kit.companyIds()), projectId, isReceived: true });
  const sealed = await kit.call('POST', '/api/audit/seal');
  expect(sealed.statusCode, sealed.body).toBe(200);
  // After the seal: exported as chained only, and a ticket the seal does not cover at all.
  await kit.short((tickets[0] as Ticket).id, { notes: 'Checked after the seal' });
  late = (await kit.fresh(1))[0] as Ticket;
});
afterAll(() => rm(cleanDirectory, { recursive: true, force: true }));

/** GET /api/audit/export as the auditor; expects a JSON attachment. */
async function exportOf(query: string): Promise<{ text: string; exported: Exported }> {
  const response = await kit.call('GET', `/api/audit/export?${query}`, undefined, kit.auditor);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-export-.+\.json"/);
  return { text: response.body, exported: response.json<Exported>() };
}

/** Runs the verifier in the clean directory over `text`: its exit code and what it printed. */
async function verify(text: string): Promise<{ code: number; output: string }> {
  await writeFile(path.join(cleanDirectory, 'export.json'), text);
  expect((await readdir(cleanDirectory)).sort()).toEqual(['export.json', 'verify-audit-export.mjs']);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['verify-audit-export.mjs', 'export.json'],
      { cwd: cleanDirectory, env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

const streamOf = (exported: Exported, streamId: string) => {
  const stream = exported.streams.find((candidate) => candidate.streamId === streamId);
  if (!stream) throw new Error(`${streamId} is not in the export`);
  return stream;
};

describe('GET /api/audit/export and the standalone verifier', () => {
  it("exports a ticket's events to its sealed head and after it, its printed records, and verifies OK", async () => {
    const ticket = tickets[0] as Ticket;
    const { text, exported } = await exportOf(`ticket=${ticket.id}`);

    const stream = streamOf(exported, `ticket-${ticket.id}`);
    expect(exported.streams).toHaveLength(1);
    expect(stream.events.map((event) => event.streamVersion)).toEqual(
      stream.events.map((_, index) => index + 1),
    );
    const sealedHead = stream.sealedHead?.version ?? 0;
    expect(sealedHead).toBeGreaterThan(1);
    expect(stream.events.map((event) => event.afterLatestSeal)).toEqual(
      stream.events.map((event) => event.streamVersion > sealedHead),
    );
    expect(stream.events.at(-1)?.afterLatestSeal).toBe(true);
    expect(stream.printedRecords?.receivingRecord.ticket).toMatchObject({ id: ticket.id, isReceived: true });
    expect(stream.printedRecords?.haulageRecord.ticket).toMatchObject({ jobSite: '12 Quarry Road' });

    const { code, output } = await verify(text);
    expect(output).toMatch(/^OK: \d+ events in 1 streams/);
    expect(output).toContain('events come after the latest seal: chained, not yet sealed');
    expect(output).toContain("1 tickets' printed records");
    expect(code).toBe(0);
  });

  it("exports a project (its own stream and its tickets') and a date range, both verifying OK", async () => {
    const project = await exportOf(`project=${projectId}`);
    expect(project.exported.streams.map((stream) => stream.streamId).sort()).toEqual(
      [`project-${projectId}`, ...tickets.slice(0, 2).map((ticket) => `ticket-${ticket.id}`)].sort(),
    );
    expect(recordedTickets(project.exported).sort()).toEqual(
      tickets
        .slice(0, 2)
        .map((ticket) => ticket.id)
        .sort(),
    );
    expect(await verify(project.text)).toMatchObject({ code: 0, output: expect.stringMatching(/^OK: /) });

    // Generated tickets are dated the day they are generated: all four are today's.
    const range = await exportOf(`from=${today()}&to=${today()}`);
    const dated = [...tickets, late];
    expect(recordedTickets(range.exported)).toEqual(dated.map((ticket) => ticket.id));
    expect(range.exported.streams.map((stream) => stream.streamId)).toEqual(
      dated.map((ticket) => `ticket-${ticket.id}`),
    );
    expect(await verify(range.text)).toMatchObject({ code: 0, output: expect.stringMatching(/^OK: /) });

    const before = await exportOf('from=2020-01-01&to=2020-01-31');
    expect(before.exported).toMatchObject({ streams: [] });
    expect(await verify(before.text)).toMatchObject({
      code: 0,
      output: expect.stringMatching(/^OK: 0 events/),
    });
  });

  it('exports a ticket created after the seal with the proof that the seal does not cover it, and verifies OK', async () => {
    const { text, exported } = await exportOf(`ticket=${late.id}`);
    const stream = streamOf(exported, `ticket-${late.id}`);
    expect(stream.sealedHead).toBeNull();
    expect(stream.notInSeal).toMatchObject({ before: expect.any(Object) });
    expect(stream.events.every((event) => event.afterLatestSeal)).toBe(true);

    const { code, output } = await verify(text);
    expect(output).toMatch(/^OK: \d+ events in 1 streams/);
    expect(code).toBe(0);
  });

  it("fails when a sealed stream's head is dropped to pass it off as created after the seal", async () => {
    const { exported } = await exportOf(`ticket=${(tickets[1] as Ticket).id}`);
    const stream = exported.streams[0] as Exported['streams'][number];
    const bracket = streamOf((await exportOf(`ticket=${late.id}`)).exported, `ticket-${late.id}`).notInSeal;

    for (const notInSeal of [undefined, bracket]) {
      const { code, output } = await verify(
        JSON.stringify({ ...exported, streams: [{ ...stream, sealedHead: null, notInSeal }] }),
      );
      expect(output).toMatch(new RegExp(`^FAIL not-in-seal: stream ${stream.streamId}: `));
      expect(code).toBe(1);
    }
  });

  it('fails naming the event whose payload had one byte changed', async () => {
    const { text, exported } = await exportOf(`project=${projectId}`);
    const stream = streamOf(exported, `ticket-${(tickets[1] as Ticket).id}`);
    const edited = stream.events.find(
      (event) => !event.afterLatestSeal && JSON.stringify(event.data).includes('12 Quarry Road'),
    ) as ExportedEvent;
    const at = text.indexOf('Quarry', text.indexOf(`"eventId":"${edited.eventId}"`));
    const tampered = `${text.slice(0, at)}K${text.slice(at + 1)}`;

    const { code, output } = await verify(tampered);
    expect(output).toContain(
      `FAIL content-changed: stream ${stream.streamId}, position ${edited.streamVersion}, event ${edited.eventId} (${edited.type})`,
    );
    expect(code).toBe(1);
  });

  it("fails when the seal's signature was changed", async () => {
    const { text, exported } = await exportOf(`ticket=${(tickets[1] as Ticket).id}`);
    const signature = exported.seal?.signature as string;
    const forged = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;

    const { code, output } = await verify(text.replace(signature, forged));
    expect(output).toMatch(/^FAIL seal-signature-invalid: stream audit-seals/);
    expect(code).toBe(1);
  });

  it('fails naming where an event was removed', async () => {
    const { exported } = await exportOf(`ticket=${(tickets[1] as Ticket).id}`);
    const stream = exported.streams[0] as Exported['streams'][number];
    expect(stream.events.length).toBeGreaterThan(2);
    const next = stream.events[2] as ExportedEvent;
    stream.events.splice(1, 1);

    const { code, output } = await verify(JSON.stringify(exported));
    expect(output).toContain(
      `FAIL missing-event: stream ${stream.streamId}, position 2, event ${next.eventId} (${next.type})`,
    );
    expect(code).toBe(1);
  });

  it("fails when a sealed stream's tail was cut off", async () => {
    const { exported } = await exportOf(`ticket=${(tickets[1] as Ticket).id}`);
    const stream = exported.streams[0] as Exported['streams'][number];
    stream.events.splice(-1, 1);

    const { code, output } = await verify(JSON.stringify(exported));
    expect(output).toMatch(/^FAIL truncated: stream ticket-\d+, position \d+: the sealed head/);
    expect(code).toBe(1);
  });

  it('answers 400 without exactly one scope, 404 for an unknown ticket or project, 403 to a standard user', async () => {
    const ask = (query: string, headers = kit.auditor) =>
      kit.call('GET', `/api/audit/export?${query}`, undefined, headers);
    for (const query of [
      '',
      `ticket=1&project=${projectId}`,
      'from=2026-01-02',
      'from=2026-01-02&to=2026-01-01',
    ]) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(auditExportScopeMessage);
    }
    expect((await ask('ticket=999999')).json()).toMatchObject({ message: 'Ticket not found.' });
    expect((await ask('project=999999')).statusCode).toBe(404);
    expect((await ask(`ticket=${(tickets[0] as Ticket).id}`, kit.standard)).statusCode).toBe(403);
    expect((await ask(`ticket=${(tickets[0] as Ticket).id}`, kit.admin)).statusCode).toBe(200);
  });
});
