import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RunView } from '@portal/contract';
import { errorResponses, RunViewSchema } from '@portal/contract';
import { Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { type RunDefinition, readRun, startRun } from '../jobs/job-runs';
import type { CommandHost } from '../plugins/infrastructure';
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
       WHERE kind = $1 AND user_id = $2 AND params = $3::jsonb AND finished_at IS NULL
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

const IgnoreLock = Type.Optional(
  Type.String({
    description:
      "'true' starts a new run even while the same report, asked for by the same user, is still being generated",
  }),
);

/** The ticket export and the e-mailed reports (docs/api-reports.md); each starts a run (poll its job). */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { config: { access: 'admin' as const } };
  const tags = ['reports'];
  const started = { 202: RunViewSchema, ...errorResponses } as const;

  app.post(
    '/api/ticket/generate/excel',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Starts an export of the tickets [from, to] under the current prefix (at most 10000) as an .xlsx e-mailed to `email` (default: the current user); poll GET /api/job/{id}',
        body: Type.Object({
          from: Type.Optional(Type.Unknown()),
          to: Type.Optional(Type.Unknown()),
          email: Type.Optional(Nullable(Type.String())),
        }),
        response: started,
      },
    },
    async (request, reply) => {
      const params = await exportOf(app, request.body, request.currentUser.id);
      return reply.code(202).send(await startRun(app, exportRun, params, request.currentUser.id));
    },
  );

  app.get(
    '/api/ticket/report/daily-summary',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Starts the daily summary of the loads received on `selectedDate` (the site's day; default today), e-mailed as .xlsx and HTML to the current user and every `emails`; poll GET /api/job/{id}",
        querystring: Type.Object({
          ignoreLock: IgnoreLock,
          selectedDate: Type.Optional(
            Type.String({ description: 'YYYY-MM-DD, or an ISO instant (its calendar day at the site)' }),
          ),
          emails: Type.Optional(
            Type.Array(Type.String(), { description: 'Repeated: emails=a@x.com&emails=b@y.com' }),
          ),
        }),
        response: started,
      },
    },
    async (request, reply) => {
      const { id: userId } = request.currentUser;
      const params = await dailySummaryOf(app, request.query, userId);
      return reply
        .code(202)
        .send(await startReport(app, dailySummaryRun, params, userId, flagOf(request.query.ignoreLock)));
    },
  );

  app.get(
    '/api/ticket/report/projects',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Starts the projects report (every project with its contractor, job site, tickets and net tonnes), e-mailed as .xlsx and HTML to the current user; poll GET /api/job/{id}',
        querystring: Type.Object({ ignoreLock: IgnoreLock }),
        response: started,
      },
    },
    async (request, reply) => {
      const { id: userId } = request.currentUser;
      const params = { recipients: [await currentUserEmail(app, userId)] };
      return reply
        .code(202)
        .send(await startReport(app, projectsReportRun, params, userId, flagOf(request.query.ignoreLock)));
    },
  );

  await app.register(haulageReportRoute);
};
