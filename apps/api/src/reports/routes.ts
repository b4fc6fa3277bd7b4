import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RunView } from '@portal/contract';
import { endpoints } from '@portal/contract';
import type { RunDefinition } from '../jobs/job-runs';
import { readRun } from '../jobs/read-run';
import { startRun } from '../jobs/start-run';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { withAdvisoryLock } from '../write-side/advisory-lock';
import { dailySummaryOf, dailySummaryRun } from './daily-summary';
import { haulageReportRoute } from './haulage-report';
import { projectsReportRun } from './projects-report';
import { currentUserEmail } from './report-mail';
import { exportOf, exportRun } from './ticket-export';

/**
 * Without `ignoreLock=true`, asking again for a report the same user is still waiting for (same
 * kind, same parameters) answers the run already under way instead of mailing the report twice: a
 * double click, or the page reloaded while 'Generating report, please wait...' showed. With it, a
 * new run starts regardless. Only runs of the last 10 minutes count, so a run that somehow never
 * ends cannot hold the report back for good. An advisory lock per user and kind makes the check and
 * the start one step, so two requests at the same moment still start one run; its waiters queue in
 * memory (withAdvisoryLock), since each waiter holding a connection of its own let ten requests at
 * once take the whole pool while the lock holder waited for a connection to start the run, for ever.
 */
async function startReport<Params>(
  host: CommandHost,
  definition: RunDefinition<Params>,
  params: Params,
  userId: number,
  ignoreLock: boolean,
): Promise<RunView> {
  if (ignoreLock) return startRun(host, definition, params, userId);
  return withAdvisoryLock(host.infra.pool, `report:${definition.kind}:${userId}`, async () => {
    const { rows } = await host.infra.pool.query<{ id: string }>(
      `SELECT id FROM job_run
       WHERE kind = $1 AND user_id = $2 AND params = $3::jsonb AND finished_at IS NULL AND cancelled_at IS NULL
         AND created_at > now() - interval '10 minutes'
       ORDER BY created_at DESC LIMIT 1`,
      [definition.kind, userId, JSON.stringify(params)],
    );
    const running = rows[0] && (await readRun(host, [definition], rows[0].id));
    return running || (await startRun(host, definition, params, userId));
  });
}

/** 'true' or '1'; anything else (or nothing) is false. */
const flagOf = (value: string | undefined) => value === 'true' || value === '1';

/** The ticket export and the e-mailed reports (docs/api-reports.md); each starts a run (poll its job). */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketGenerateExcel, async (request, reply) => {
    const params = await exportOf(app, request.body, request.currentUser.id);
    return reply.code(202).send(await startRun(app, exportRun, params, request.currentUser.id));
  });

  route(app, endpoints.getTicketReportDailySummary, async (request, reply) => {
    const { id: userId } = request.currentUser;
    const params = await dailySummaryOf(app, request.query, userId);
    return reply
      .code(202)
      .send(await startReport(app, dailySummaryRun, params, userId, flagOf(request.query.ignoreLock)));
  });

  route(app, endpoints.getTicketReportProjects, async (request, reply) => {
    const { id: userId } = request.currentUser;
    const params = { recipients: [await currentUserEmail(app, userId)] };
    return reply
      .code(202)
      .send(await startReport(app, projectsReportRun, params, userId, flagOf(request.query.ignoreLock)));
  });

  await app.register(haulageReportRoute);
};
