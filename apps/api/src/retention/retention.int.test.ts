import { clientOfPortal, injectionOf, runToEnd } from '@portal/api/test/portal';
import { serverForTestFile } from '@portal/api/test/server-for-test-file';
import { startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import { expectInvalid, useTicketPortal } from '@portal/api/test/ticket-kit';
import { verifyExport } from '@portal/audit-verifier';
import { endpoints, type RetentionRunResult, type Ticket } from '@portal/contract';
import { removedPersonalData, retentionMessages, ticketStreamId } from '@portal/domain';
import { allProjections, compareReadModels } from '@portal/projections';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandHostFor } from '../plugins/infrastructure';
import { applyRetention } from './apply-retention';

// Issue 31, item 5: past the retention period and without a hold, a ticket's personal data goes from the
// events and the read models; the weights, times and sites stay, and every chain still verifies.
const receiver = serverForTestFile(() => startSmtpTestReceiver());

const kit = useTicketPortal({
  companies: true,
  standardUser: true,
  auditorUser: true,
  env: () => ({ SMTP_URL: receiver().url }),
});
const client = clientOfPortal(() => kit.portal);
const asAdmin = <Answer>(call: (headers: Record<string, string>) => Promise<Answer>) => call(kit.admin);

/** Every event of a ticket's stream as stored, its data as JSON text. */
const storedEvents = async (ticketId: number) =>
  (
    await kit.portal.infra.pool.query<{ stream_version: number; event_type: string; data: object }>(
      'SELECT stream_version, event_type, data FROM events WHERE stream_id = $1 ORDER BY stream_version',
      [ticketStreamId(ticketId)],
    )
  ).rows;

const personalData = ['Dan Driver', 'Sid Site', '(416)555-0100'];
const holdsPersonalData = (text: string) => personalData.some((value) => text.includes(value));

/** A complete ticket dated `date` (an ISO day), for `projectId`. */
async function ticketDated(date: string, projectId: number): Promise<Ticket> {
  const [ticket] = await kit.fresh(1);
  if (!ticket) throw new Error('no ticket');
  const form = kit.completeForm(kit.companyIds());
  return kit.full(ticket.id, {
    ...form,
    date: `${date}T12:00:00.000Z`,
    timeLoaded: `${date}T10:00:00.000Z`,
    timeReceived: `${date}T11:00:00.000Z`,
    projectId,
    transportContactName: 'Tess Transport',
    transportContactNumber: '(416)555-0101',
  });
}

const runRetention = async () => {
  const run = await runToEnd(kit.portal, kit.admin, injectionOf(endpoints.postRetentionRun, {}));
  expect(run.state).toBe('completed');
  return run.result as RetentionRunResult;
};

const verify = () => asAdmin((headers) => client(endpoints.getAuditVerify, {}, headers));

describe('records retention', () => {
  let held: Ticket;
  let due: Ticket;
  let recent: Ticket;
  let holdId: number;

  beforeAll(async () => {
    const heldProject = await kit.project({ contractorCompanyId: kit.acme.id });
    const project = await kit.project({ contractorCompanyId: kit.acme.id });
    held = await ticketDated('2015-03-02', heldProject.id);
    due = await ticketDated('2015-03-02', project.id);
    recent = await ticketDated(new Date().toISOString().slice(0, 10), project.id);
    holdId = (
      await client(
        endpoints.postLegalHoldNew,
        { body: { projectId: heldProject.id, reason: 'Claim 2026-114 (court)' } },
        kit.admin,
      )
    ).id;
    // The outbox keeps mails in embedded mode; one kept in 2015 and one today (the table is there either way).
    for (const createdAt of ['2015-03-02T12:00:00Z', new Date().toISOString()])
      await kit.portal.infra.pool.query(
        `INSERT INTO outbox_mail (recipients, subject, html, text, created_at)
         VALUES ('["dan.driver@example.com"]', 'Your ticket', '<p>Dan Driver</p>', 'Dan Driver', $1)`,
        [createdAt],
      );
    await kit.settle();
  });

  const outboxMailDays = async () =>
    (
      await kit.portal.infra.pool.query<{ day: string }>(
        `SELECT to_char(created_at, 'YYYY') AS day FROM outbox_mail WHERE subject = 'Your ticket' ORDER BY id`,
      )
    ).rows.map((row) => row.day);

  it('removes nothing until a period is set, and says so', async () => {
    expect(await client(endpoints.getRetentionPolicy, {}, kit.auditor)).toMatchObject({
      ticketPersonalDataYears: null,
    });
    const refused = await kit.call('POST', '/api/retention/run', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'No retention period is set: nothing is removed.' });
  });

  it('takes a period of whole years from 1 to 100 from administrators only', async () => {
    for (const years of [0, 1.5, 101, 'seven'])
      expectInvalid(await kit.call('PUT', '/api/retention/policy', { ticketPersonalDataYears: years }), {
        ticketPersonalDataYears: retentionMessages.yearsInvalid,
      });
    const byAuditor = await kit.call(
      'PUT',
      '/api/retention/policy',
      { ticketPersonalDataYears: 7 },
      kit.auditor,
    );
    expect(byAuditor.statusCode).toBe(403);
    const first = await client(
      endpoints.putRetentionPolicy,
      { body: { ticketPersonalDataYears: 8 } },
      kit.admin,
    );
    expect(first).toMatchObject({ ticketPersonalDataYears: 8, version: 1 });
    const saved = await client(
      endpoints.putRetentionPolicy,
      { body: { ticketPersonalDataYears: 7, version: 1 } },
      kit.admin,
    );
    expect(saved).toMatchObject({ ticketPersonalDataYears: 7, version: 2 });
  });

  it('refuses a hold without exactly one scope, or without a reason', async () => {
    expectInvalid(await kit.call('POST', '/api/legal-hold/new', { reason: 'x' }), {
      scope: retentionMessages.holdScopeRequired,
    });
    expectInvalid(
      await kit.call('POST', '/api/legal-hold/new', { projectId: 1, contractorCompanyId: 1, reason: 'x' }),
      { scope: retentionMessages.holdScopeRequired },
    );
    expectInvalid(
      await kit.call('POST', '/api/legal-hold/new', { fromTicketId: 9, toTicketId: 3, reason: 'x' }),
      {
        fromTicketId: retentionMessages.holdRangeInvalid,
      },
    );
    expectInvalid(await kit.call('POST', '/api/legal-hold/new', { projectId: 1 }), {
      reason: retentionMessages.holdReasonRequired,
    });
    const byStandard = await kit.call(
      'POST',
      '/api/legal-hold/new',
      { projectId: 1, reason: 'x' },
      kit.standard,
    );
    expect(byStandard.statusCode).toBe(403);
  });

  it('counts the tickets due and those a hold keeps', async () => {
    expect(await client(endpoints.getLegalHoldAll, {}, kit.auditor)).toMatchObject([
      { id: holdId, reason: 'Claim 2026-114 (court)', fromTicketId: null },
    ]);
    expect(await client(endpoints.getRetentionStatus, {}, kit.auditor)).toMatchObject({
      ticketPersonalDataYears: 7,
      dueTickets: 1,
      heldTickets: 1,
    });
  });

  it('removes the personal data of the ticket past the period, from its events and read models, keeping the rest', async () => {
    const before = await kit.get(due.id);
    expect(await outboxMailDays()).toEqual(['2015', String(new Date().getFullYear())]);
    expect(await runRetention()).toEqual({
      redactedTickets: 1,
      redactedEvents: 1,
      failedTickets: [],
      deletedOutboxMails: 1,
      redactedRecords: 0,
    });
    // The outbox's mail from 2015 is gone; today's stays.
    expect(await outboxMailDays()).toEqual([String(new Date().getFullYear())]);
    await kit.settle();

    const events = await storedEvents(due.id);
    expect(holdsPersonalData(JSON.stringify(events))).toBe(false);
    expect(events.at(-1)?.event_type).toBe('PersonalDataRedacted');
    const after = await kit.get(due.id);
    expect(after).toMatchObject({
      truckDriverName: removedPersonalData,
      siteContactName: removedPersonalData,
      siteContactNumber: removedPersonalData,
      transportContactName: removedPersonalData,
      transportContactNumber: removedPersonalData,
      truckDriverNumber: null,
    });
    const kept = [
      'weight',
      'date',
      'timeLoaded',
      'timeReceived',
      'jobSite',
      'truckLicensePlate',
      'projectId',
    ] as const;
    for (const field of kept) expect(after[field]).toEqual(before[field]);
    const log = await kit.logs(due.id);
    expect(holdsPersonalData(JSON.stringify(log))).toBe(false);
    expect(log[0]).toMatchObject({ eventType: 'PersonalDataRedacted' });

    // The held ticket and the recent one keep theirs.
    for (const ticket of [held, recent]) {
      expect(holdsPersonalData(JSON.stringify(await storedEvents(ticket.id)))).toBe(true);
      expect((await kit.get(ticket.id)).truckDriverName).toBe('Dan Driver');
    }
    // A ticket without personal data left is no longer due; the held one still counts as held.
    expect(await client(endpoints.getRetentionStatus, {}, kit.auditor)).toMatchObject({
      dueTickets: 0,
      heldTickets: 1,
    });
  });

  it('leaves every chain verifying, every link of the ticket verified, and the read models equal to a rebuild', async () => {
    expect(await verify()).toMatchObject({ ok: true, firstBreak: null });
    const links = await client(endpoints.getTicketByIdHistoryLinks, { params: { id: due.id } }, kit.auditor);
    expect(links.map((link) => link.link)).toEqual(links.map(() => 'verified'));
    const { pool, eventStore } = kit.portal.infra;
    expect(await compareReadModels({ pool, eventStore, projections: allProjections })).toMatchObject({
      ok: true,
      mismatches: [],
    });
  });

  it('exports the ticket so the standalone verifier accepts it, counting the redacted event', async () => {
    const response = await kit.call('GET', `/api/audit/export?ticket=${due.id}`, undefined, kit.auditor);
    expect(response.statusCode).toBe(200);
    const exported = response.json();
    expect(verifyExport(exported)).toMatchObject({ ok: true, redactedEvents: 1 });
    // The voucher does not cover an edit made after the redaction.
    const stream = exported.streams[0];
    const redacted = stream.events.find(
      (event: { data: { details?: { weight: number; truckDriverName: string } } }) =>
        event.data.details?.truckDriverName === removedPersonalData,
    );
    redacted.data.details.weight = 1;
    expect(verifyExport(exported)).toMatchObject({ ok: false, reason: 'content-changed' });
  });

  it('mails the administrators what it removed', async () => {
    const deadline = Date.now() + 15_000;
    let mail = receiver().received.find((received) => received.subject?.startsWith('Retention:'));
    while (!mail && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = receiver().received.find((received) => received.subject?.startsWith('Retention:'));
    }
    expect(mail?.subject).toBe('Retention: personal data removed from 1 ticket(s)');
    expect(mail?.text).toContain('dated before');
    expect(mail?.text).toContain('Mails kept in the outbox before that day, deleted: 1.');
  });

  it('does nothing more when run again, and takes the held ticket once its hold is released', async () => {
    expect(await runRetention()).toEqual({
      redactedTickets: 0,
      redactedEvents: 0,
      failedTickets: [],
      deletedOutboxMails: 0,
      redactedRecords: 0,
    });
    const released = await kit.call('DELETE', `/api/legal-hold/${holdId}`);
    expect(released.statusCode).toBe(204);
    await kit.settle();
    expect(await client(endpoints.getLegalHoldAll, {}, kit.auditor)).toEqual([]);
    expect(await runRetention()).toEqual({
      redactedTickets: 1,
      redactedEvents: 1,
      failedTickets: [],
      deletedOutboxMails: 0,
      redactedRecords: 0,
    });
    expect(holdsPersonalData(JSON.stringify(await storedEvents(held.id)))).toBe(false);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it("removes deleted contacts' and users' own personal data once their period is over; a contractor's hold keeps its contacts", async () => {
    const admin = <Answer>(call: (headers: Record<string, string>) => Promise<Answer>) => call(kit.admin);
    const heldContractor = await kit.contractor('Held Earthworks');
    const contractorContact = (contractorCompanyId: number, name: string) =>
      admin((headers) =>
        client(
          endpoints.contractorContactCatalogue.create,
          {
            body: {
              contractorCompanyId,
              contractorContact: {
                name,
                number: '(416)555-0177',
                email: 'carla.site@acme.test',
                isOfficeContact: false,
                isSiteContact: true,
              },
            },
          },
          headers,
        ),
      );
    const gone = await contractorContact(kit.acme.id, 'Carla Site');
    const kept = await contractorContact(heldContractor.id, 'Hana Held');
    const hauler = await admin((headers) =>
      client(
        endpoints.transportContactCatalogue.create,
        {
          body: {
            transportCompanyId: kit.haulCo.id,
            transportContact: { name: 'Tom Dispatch', number: '(905)555-0199' },
          },
        },
        headers,
      ),
    );
    const user = await admin((headers) =>
      client(
        endpoints.postUserNew,
        {
          body: {
            username: 'leaving.clerk@portal.test',
            password: 'Quartz-lantern-meadow-42',
            firstName: 'Lena',
            lastName: 'Leaving',
            phoneNumber: '(416)555-0166',
            roleId: 2,
          },
        },
        headers,
      ),
    );
    await client(
      endpoints.postLegalHoldNew,
      { body: { contractorCompanyId: heldContractor.id, reason: 'Claim 2026-201' } },
      kit.admin,
    );
    for (const path of [
      `/api/contractorcontact/${gone.id}`,
      `/api/contractorcontact/${kept.id}`,
      `/api/transportcontact/${hauler.id}`,
      `/api/user/${user.id}`,
    ])
      expect((await kit.call('DELETE', path)).statusCode).toBeLessThan(300);
    await kit.settle();
    const stream = async (streamId: string) =>
      JSON.stringify(
        (
          await kit.portal.infra.pool.query<{ event_type: string; data: object }>(
            'SELECT event_type, data FROM events WHERE stream_id = $1 ORDER BY stream_version',
            [streamId],
          )
        ).rows,
      );
    const streams = {
      gone: `contractor-contact-${gone.id}`,
      kept: `contractor-contact-${kept.id}`,
      hauler: `transport-contact-${hauler.id}`,
      user: `user-${user.id}`,
    };
    const personal = [
      'Carla Site',
      'Hana Held',
      'Tom Dispatch',
      'Lena',
      'Leaving',
      '555-01',
      '@acme.test',
      'leaving.clerk',
      'argon2',
    ];
    const holdsAny = (text: string) => personal.filter((value) => text.includes(value));

    // Deleted today: within the period, nothing happens.
    expect((await runRetention()).redactedRecords).toBe(0);
    // Run as if years had passed: the deletions are past the period.
    const later = new Date(Date.now() + 8 * 366 * 86_400_000);
    const host = commandHostFor(kit.portal.infra);
    expect((await applyRetention(host, { userId: null, now: later })).redactedRecords).toBe(3);
    for (const streamId of [streams.gone, streams.hauler, streams.user]) {
      const events = await stream(streamId);
      expect(holdsAny(events), streamId).toEqual([]);
      expect(events).toContain('"event_type":"PersonalDataRedacted"');
    }
    expect(await stream(streams.user)).toContain(`(removed) user ${user.id}`);
    expect(holdsAny(await stream(streams.kept))).toEqual(['Hana Held', '555-01', '@acme.test']);

    // The chains still verify, the read models equal a rebuild, and a second run rewrites nothing.
    expect(await verify()).toMatchObject({ ok: true, firstBreak: null });
    const { pool, eventStore } = kit.portal.infra;
    await kit.settle();
    expect(await compareReadModels({ pool, eventStore, projections: allProjections })).toMatchObject({
      ok: true,
    });
    expect((await applyRetention(host, { userId: null, now: later })).redactedRecords).toBe(0);
  });
});
