import { setTimeout as sleep } from 'node:timers/promises';
import type { RunView } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { runMessages } from './cancel-run';
import { type RunDefinition, unexpectedChunkError } from './job-runs';
import { readRun } from './read-run';
import { startRun } from './start-run';

/**
 * The spec's calls that run on the job queues (generate, bulk update, clear and receive) answer the
 * spec's shape once their run has finished: the request waits for it, up to RUN_WAIT_SECONDS, and
 * answers 202 with the run's location if it takes longer. A client that would rather go on at once
 * (the admin UI, for its progress bars) sends `Prefer: respond-async` (RFC 7240) and gets the 202 at
 * once.
 */

const jobLocation = (runId: string) => `/api/job/${runId}`;

/** RFC 7240: comma-separated preferences, each a token with an optional `=value` and `;` parameters. */
export function prefersRespondAsync(prefer: string | string[] | undefined): boolean {
  return [prefer ?? []]
    .flat()
    .join(',')
    .split(',')
    .some((preference) => preference.split(/[;=]/)[0]?.trim().toLowerCase() === 'respond-async');
}

/** How often a waiting request reads its run's row. */
const pollEveryMs = 100;

/**
 * Waits until the run has finished (completed or failed), reading its row: the run table is the truth
 * on either queue backend, and a connection is taken only for each read. A timeout of 0 never waits.
 */
async function waitForRunEnd(
  pool: pg.Pool,
  runId: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<'finished' | 'timed-out' | 'stopped'> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.signal.aborted) return 'stopped';
    if (Date.now() >= deadline) return 'timed-out';
    const { rows } = await pool.query<{ finished: boolean }>(
      'SELECT finished_at IS NOT NULL AS finished FROM job_run WHERE id = $1',
      [runId],
    );
    if (rows[0]?.finished) return 'finished';
    // An abort ends the pause early (rejecting it); the loop's first check then returns.
    await sleep(Math.min(pollEveryMs, deadline - Date.now()), undefined, { signal: options.signal }).catch(
      () => undefined,
    );
  }
}

interface RunRoute<Params> {
  definition: RunDefinition<Params>;
  params: Params;
  /** The spec's answer of the finished run. */
  answer(run: RunView): unknown;
  /**
   * False when that answer cannot tell that a chunk failed (bulk update's tickets): a failed run then
   * answers 500 with 'Unexpected error has occurred.' and the run's Location.
   */
  answerTellsFailure: boolean;
}

/** Aborts when the response closes before it was sent (or has already): the client went away. */
function watchForClientLeaving(reply: FastifyReply): { signal: AbortSignal; stopWatching(): void } {
  const left = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) left.abort();
  };
  if (reply.raw.destroyed) left.abort();
  reply.raw.on('close', onClose);
  return { signal: left.signal, stopWatching: () => reply.raw.off('close', onClose) };
}

/**
 * Answers the calls that start runs (see the top of this file). One per app: closing the app stops
 * every wait, so the waiting requests get their 202 at once instead of holding the shutdown up.
 */
export function runAnswers(app: FastifyInstance) {
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  return async function answerRun<Params>(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RunRoute<Params>,
  ): Promise<FastifyReply> {
    const respondAsync = prefersRespondAsync(request.headers.prefer);
    const accepted = (run: RunView) => {
      reply.code(202).header('location', jobLocation(run.id));
      if (respondAsync) reply.header('preference-applied', 'respond-async');
      return reply.send(run);
    };
    // Watched from the start: the client may leave while the run is being started.
    const clientLeaving = watchForClientLeaving(reply);
    try {
      const started = await startRun(app, route.definition, route.params, request.currentUser.id);
      if (respondAsync) return accepted(started);
      const outcome = await waitForRunEnd(app.infra.pool, started.id, {
        timeoutMs: app.infra.config.runWaitSeconds * 1000,
        signal: AbortSignal.any([clientLeaving.signal, closing.signal]),
      });
      if (clientLeaving.signal.aborted)
        request.log.info({ runId: started.id }, 'the client went away while waiting; its run goes on');

      // A finished run's answer is built from all its chunks; one still going answers its status document.
      const run = await readRun(app, [route.definition], started.id, { whole: outcome === 'finished' });
      if (!run) throw new Error(`run ${started.id} is gone`);
      // Kept alive, the connection would hold the shutdown up until the client closed it.
      if (closing.signal.aborted) reply.header('connection', 'close');
      if (outcome !== 'finished') return accepted(run);
      if (run.state === 'cancelled')
        return reply
          .code(409)
          .header('location', jobLocation(run.id))
          .send({ message: runMessages.cancelled });
      if (run.state === 'failed' && !route.answerTellsFailure)
        return reply
          .code(500)
          .header('location', jobLocation(run.id))
          .send({ message: unexpectedChunkError });
      return reply.code(200).send(await route.answer(run));
    } finally {
      clientLeaving.stopWatching();
    }
  };
}
