import { clientOfPortal, injectionOf, respondAsync } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { endpoints, type RunView } from '@portal/contract';
import { ticketStreamId } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const kit = useTicketPortal({ auditorUser: true });
const client = clientOfPortal(() => kit.portal);

/** Polls a verify run at GET /api/audit/verify/{id} as `headers` until it has finished. */
async function verifyRunToEnd(runId: string, headers: Record<string, string>): Promise<RunView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = await client(endpoints.getAuditVerifyById, { params: { id: runId } }, headers);
    if (run.state === 'completed' || run.state === 'failed') return run;
    if (Date.now() > deadline) throw new Error(`verify run ${runId} did not finish: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Edits one stored event's data in PostgreSQL, around the append-only trigger, as someone with the database would. */
async function tamper(streamId: string, version: number) {
  await kit.portal.infra.pool.query(
    `ALTER TABLE events DISABLE TRIGGER events_append_only;
     UPDATE events SET data = data || '{"notes": "edited in the database"}'
       WHERE stream_id = '${streamId}' AND stream_version = ${version};
     ALTER TABLE events ENABLE TRIGGER events_append_only;`,
  );
}

describe('an auditor verifies the chain and reads the answer later', () => {
  it('knows no verification before the first, and the newest seal', async () => {
    const before = await client(endpoints.getAuditStatus, {}, kit.auditor);
    expect(before.lastVerification).toBeNull();

    const seal = await client(endpoints.postAuditSeal, {}, kit.admin);
    const status = await client(endpoints.getAuditStatus, {}, kit.auditor);
    expect(status.lastSeal).toEqual(seal);
  });

  it('starts a verify run and polls it at its Location, which GET /api/job/{id} refuses them', async () => {
    const started = await kit.call('GET', '/api/audit/verify', undefined, {
      ...kit.auditor,
      ...respondAsync,
    });

    expect(started.statusCode, started.body).toBe(202);
    const run: RunView = started.json();
    expect(started.headers.location).toBe(`/api/audit/verify/${run.id}`);
    const finished = await verifyRunToEnd(run.id, kit.auditor);
    expect(finished).toMatchObject({ kind: 'verify-chains', state: 'completed', result: { ok: true } });
    const asJob = await kit.call('GET', `/api/job/${run.id}`, undefined, kit.auditor);
    expect(asJob.statusCode).toBe(403);
    // The administrator reads the same run at either place.
    expect(await verifyRunToEnd(run.id, kit.admin)).toEqual(finished);
  });

  it('keeps the last answer, with when, for GET /api/audit/status', async () => {
    const answer = await client(endpoints.getAuditVerify, {}, kit.auditor);
    const status = await client(endpoints.getAuditStatus, {}, kit.auditor);

    expect(status.lastVerification).toMatchObject(answer);
    expect(Date.now() - Date.parse(status.lastVerification?.verifiedAt ?? '')).toBeLessThan(60_000);
  });

  it('finds no run of another kind there: 404 for auditors and administrators alike', async () => {
    const started = await kit.portal.app.inject({
      ...injectionOf(endpoints.postTicketGenerate, {
        body: { from: 9_100, to: 9_101, isSoilFLOTicket: false, email: null },
      }),
      headers: { ...kit.admin, ...respondAsync },
    });
    expect(started.statusCode, started.body).toBe(202);
    const generateRunId = (started.json() as RunView).id;

    for (const headers of [kit.auditor, kit.admin]) {
      const answer = await kit.call('GET', `/api/audit/verify/${generateRunId}`, undefined, headers);
      expect(answer.statusCode, answer.body).toBe(404);
    }
    const asJob = await kit.call('GET', `/api/job/${generateRunId}`, undefined, kit.auditor);
    expect(asJob.statusCode).toBe(403);
    const unknown = await kit.call('GET', `/api/audit/verify/${crypto.randomUUID()}`, undefined, kit.auditor);
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a ticket's history with each event's link", () => {
  it('answers every link verified, beside the history, which is unchanged', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, { notes: 'Checked by the office' });
    const history = await client(endpoints.getTicketByIdHistory, { params: { id: ticket.id } }, kit.auditor);

    const links = await client(
      endpoints.getTicketByIdHistoryLinks,
      { params: { id: ticket.id } },
      kit.auditor,
    );

    expect(links.map((link) => link.version)).toEqual(history.map((event) => event.version));
    expect(links.every((link) => link.link === 'verified' && link.reason === null)).toBe(true);
    expect(Object.keys(history[0] ?? {}).sort()).toEqual([
      'data',
      'occurredAt',
      'state',
      'type',
      'userId',
      'version',
    ]);
  });

  it('shows an event edited in PostgreSQL as the broken link, the ones after it as after the break, and verify names it', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, { notes: 'First look' });
    await kit.short(ticket.id, { notes: 'Second look' });
    await tamper(ticketStreamId(ticket.id), 2);

    const links = await client(
      endpoints.getTicketByIdHistoryLinks,
      { params: { id: ticket.id } },
      kit.auditor,
    );

    expect(links).toEqual([
      { version: 1, link: 'verified', reason: null },
      { version: 2, link: 'broken', reason: 'content-changed' },
      { version: 3, link: 'after-break', reason: null },
    ]);
    const verified = await client(endpoints.getAuditVerify, {}, kit.auditor);
    expect(verified.firstBreak).toMatchObject({ streamId: ticketStreamId(ticket.id), position: 2 });
    const status = await client(endpoints.getAuditStatus, {}, kit.auditor);
    expect(status.lastVerification).toMatchObject({
      ok: false,
      firstBreak: { streamId: ticketStreamId(ticket.id), position: 2, reason: 'content-changed' },
    });
  });

  it('answers 404 for a ticket without events', async () => {
    const missing = await kit.call('GET', '/api/ticket/999999/history/links', undefined, kit.auditor);
    expect(missing.statusCode).toBe(404);
  });
});
