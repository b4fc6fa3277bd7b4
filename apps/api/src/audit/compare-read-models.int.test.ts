import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { clientOfPortal, injectionOf, runToEnd } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { type ChainVerificationAnswer, endpoints } from '@portal/contract';
import { allProjections, compareReadModels } from '@portal/projections';
import { describe, expect, it } from 'vitest';

const kit = useTicketPortal({ companies: true });
const client = clientOfPortal(() => kit.portal);

const compare = () => {
  const { pool, eventStore } = kit.portal.infra;
  return compareReadModels({ pool, eventStore, projections: allProjections, batchSize: 7 });
};

const schemasLeft = async () =>
  (
    await kit.portal.infra.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name LIKE 'read_model_check_%'",
    )
  ).rows[0]?.n;

describe('the read models compared with a rebuild from the events', () => {
  it('find every derived table equal to its rebuild, and leave no scratch schema behind', async () => {
    const [ticket] = await kit.fresh(3);
    await kit.full(Number(ticket?.id), kit.completeForm(kit.companyIds()));
    await kit.settle();

    const result = await compare();

    expect(result).toMatchObject({ ok: true, mismatches: [] });
    // users, the catalogues, contacts, trucks, projects and their log, settings, scales, tickets, their log and counts
    expect(result.tablesCompared).toBeGreaterThanOrEqual(14);
    expect(await schemasLeft()).toBe('0');
  });

  it('name the table and the row a direct edit of a read model changed', async () => {
    const [ticket] = await kit.fresh(1);
    await kit.settle();
    const { pool } = kit.portal.infra;
    const edit = (jobSite: string | null) =>
      pool.query('UPDATE tickets SET job_site = $2 WHERE id = $1', [ticket?.id, jobSite]);
    await edit('Edited behind the events');

    const result = await compare();

    expect(result.ok).toBe(false);
    // The job sites' counts follow the tickets table (a trigger), so they differ too.
    expect(result.mismatches).toEqual([
      { table: 'ticket_job_site_counts', onlyLive: 1, onlyRebuilt: 0, firstLiveId: null },
      { table: 'tickets', onlyLive: 1, onlyRebuilt: 1, firstLiveId: String(ticket?.id) },
    ]);
    await edit(ticket?.jobSite ?? null);
    expect(await compare()).toMatchObject({ ok: true });
  });

  it('answer GET /api/audit/verify?readModels=true with the comparison, directly and as a run; the default answer has none', async () => {
    const [ticket] = await kit.fresh(1);
    await kit.settle();
    const verify = (query: { readModels?: boolean }) =>
      client(endpoints.getAuditVerify, { query }, kit.admin) as Promise<ChainVerificationAnswer>;
    expect(await verify({})).not.toHaveProperty('readModels');
    expect(await verify({ readModels: true })).toMatchObject({
      ok: true,
      readModels: { ok: true, mismatches: [] },
    });
    await kit.portal.infra.pool.query('UPDATE tickets SET notes = $2 WHERE id = $1', [ticket?.id, 'Edited']);
    const direct = await verify({ readModels: true });
    expect(direct).toMatchObject({ ok: false, firstBreak: null, readModels: { ok: false } });
    expect(direct.readModels?.mismatches.map((mismatch) => mismatch.table)).toEqual(['tickets']);
    const run = await runToEnd(
      kit.portal,
      kit.admin,
      injectionOf(endpoints.getAuditVerify, { query: { readModels: true } }),
    );
    expect(run.result).toMatchObject({ ok: false, readModels: { ok: false } });
    await kit.portal.infra.pool.query('UPDATE tickets SET notes = $2 WHERE id = $1', [
      ticket?.id,
      ticket?.notes,
    ]);
  });

  it('compare at one position of the log while tickets are generated meanwhile', async () => {
    const [result] = await Promise.all([compare(), kit.fresh(20), kit.fresh(20)]);

    expect(result).toMatchObject({ ok: true, mismatches: [] });
  });

  it('count the log rows a direct delete removed', async () => {
    await kit.settle();
    const { pool } = kit.portal.infra;
    await pool.query('DELETE FROM ticket_log WHERE id = (SELECT max(id) FROM ticket_log)');

    const result = await compare();

    expect(result.mismatches).toEqual([
      { table: 'ticket_log', onlyLive: 0, onlyRebuilt: 1, firstLiveId: null },
    ]);
  });

  it('make `npm run verify` print the difference and exit 1', async () => {
    const script = path.join(import.meta.dirname, '../cli/verify-event-chains.ts');
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATABASE_URL: kit.portal.database.url, EVENTSTORE_URL: '' },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

    expect(failure?.code).toBe(1);
    expect(JSON.parse(failure?.stdout ?? '')).toMatchObject({
      ok: true,
      firstBreak: null,
      readModels: { ok: false, mismatches: [{ table: 'ticket_log', onlyLive: 0, onlyRebuilt: 1 }] },
    });
    expect(failure?.stderr).toMatch(/Read models differ from their rebuild: ticket_log\./);
  });
});
