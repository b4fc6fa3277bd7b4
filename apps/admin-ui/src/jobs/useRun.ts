import {
  type ChunkView,
  type Endpoint,
  endpoints,
  type InputOf,
  type RunView,
  requestOf,
} from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { call, send } from '../dataProvider/http-client';
import { isRunFinished, newlyFinishedChunks, RUN_POLL_MS } from './run';

/** Where a run is polled: GET /api/job/{id}, or a route that answers only its own kind to more roles. */
type RunPoll = typeof endpoints.getJobById | typeof endpoints.getAuditVerifyById;

/** The call that starts a run: asked with `Prefer: respond-async`, it answers 202 with the run at once. */
interface RunRequest {
  declaration: Endpoint;
  input: object;
  /** Default: GET /api/job/{id}. */
  pollAt?: RunPoll;
}

/** A run's start, its input typed by its declaration; polled at GET /api/job/{id} unless `pollAt` says where. */
export const runRequest = <const E extends Endpoint>(
  declaration: E,
  input: InputOf<E>,
  pollAt?: RunPoll,
): RunRequest => ({ declaration, input, pollAt });

interface UseRunOptions<Result, ChunkResult, Spec> {
  /** Each chunk once, as soon as a poll shows it completed or failed (e.g. a per-chunk warning toast). */
  onChunkFinished?: (chunk: ChunkView<Spec, ChunkResult>, run: RunView<Result, ChunkResult, Spec>) => void;
  /**
   * False while a finished run still has something worth waiting for (e.g. its mail is queued): polling
   * goes on, for at most a minute after the run finished. Default: a finished run is settled.
   */
  settled?: (run: RunView<Result, ChunkResult, Spec>) => boolean;
  /** The run has finished, completed, failed or cancelled (and has settled); a cancel is toasted before. */
  onFinished?: (run: RunView<Result, ChunkResult, Spec>) => void;
  /**
   * The start was refused (e.g. a 400 with the spec's message) or polling lost the run. 401 and 403 end
   * the session as anywhere else before this is called; without it, the error's message is toasted.
   */
  onError?: (error: unknown, phase: 'start' | 'poll') => void;
}

/** How a start ended: the finished run, or the error (already reported) that stopped it. */
type RunOutcome<Run> = { run: Run; error: null } | { run: null; error: unknown };

const stopped = { run: null, error: null } as const;

/** How long a finished run is polled on while it has not settled (a mail's retries take about 15 s). */
const MAX_SETTLE_MS = 60_000;

/** Polls that may fail in a row (no response, or a 5xx) before the run is given up on: about 10 s. */
const MAX_POLL_FAILURES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A poll failure worth retrying: no response at all, or a server fault. */
const isTransient = (error: unknown) =>
  !(error instanceof HttpError) || error.status === 0 || error.status >= 500;

/**
 * Starts a bulk run and polls it (GET /api/job/{id}, or the request's `pollAt`) about every 500 ms until it has completed or failed.
 * `run` is the latest snapshot (kept after the end, until `clear` or the next `start`); `busy` is true
 * from the start call until the run has finished. Polling stops when the component unmounts.
 */
export function useRun<Result = unknown, ChunkResult = unknown, Spec = unknown>(
  options: UseRunOptions<Result, ChunkResult, Spec> = {},
) {
  type Run = RunView<Result, ChunkResult, Spec>;
  const [run, setRun] = useState<Run | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // The latest callbacks, so that a run started by an earlier render reports to the current one.
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // Each start (and the unmount) makes a new generation; a loop of an older one stops.
  const generation = useRef(0);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const fail = useCallback(
    async (error: unknown, phase: 'start' | 'poll') => {
      if (await logoutIfAccessDenied(error)) return;
      const onError = optionsRef.current.onError;
      if (onError) onError(error, phase);
      else {
        const message = error instanceof Error && error.message ? error.message : 'portal.errors.unexpected';
        notify(message, { type: 'error', messageArgs: { _: message } });
      }
    },
    [logoutIfAccessDenied, notify],
  );

  const start = useCallback(
    async (request: RunRequest): Promise<RunOutcome<Run> | typeof stopped> => {
      generation.current += 1;
      const mine = generation.current;
      const current = () => generation.current === mine;
      const reported = new Set<number>();
      const show = (snapshot: Run) => {
        setRun(snapshot);
        for (const chunk of newlyFinishedChunks(snapshot, reported)) {
          reported.add(chunk.index);
          optionsRef.current.onChunkFinished?.(chunk, snapshot);
        }
      };

      setBusy(true);
      setRun(null);
      let snapshot: Run;
      try {
        // Without it, the generate and bulk calls would answer only when the run is done (no progress bar).
        snapshot = (await send(requestOf(request.declaration, request.input), {
          headers: { Prefer: 'respond-async' },
        })) as Run;
      } catch (error) {
        if (!current()) return stopped;
        setBusy(false);
        await fail(error, 'start');
        return { run: null, error };
      }
      if (!current()) return stopped;
      show(snapshot);

      let failures = 0;
      let finishedAt: number | null = null;
      const goOn = (run: Run) => {
        if (!isRunFinished(run)) return true;
        finishedAt ??= Date.now();
        const settled = optionsRef.current.settled?.(run) ?? true;
        return !settled && Date.now() - finishedAt < MAX_SETTLE_MS;
      };
      while (goOn(snapshot)) {
        await sleep(RUN_POLL_MS);
        if (!current()) return stopped;
        try {
          // The run's result and chunks are what this hook's caller says its kind makes.
          const next = (await call(request.pollAt ?? endpoints.getJobById, {
            params: { id: snapshot.id },
          })) as Run;
          if (!current()) return stopped;
          failures = 0;
          snapshot = next;
          show(snapshot);
        } catch (error) {
          if (!current()) return stopped;
          failures += 1;
          if (!isTransient(error) || failures >= MAX_POLL_FAILURES) {
            setBusy(false);
            await fail(error, 'poll');
            return { run: null, error };
          }
        }
      }
      setBusy(false);
      // Every view of a run says the same of a cancel, whoever cancelled it.
      if (snapshot.state === 'cancelled')
        notify('portal.runs.cancelled', {
          type: 'warning',
          messageArgs: { done: Math.min(snapshot.done, snapshot.total), total: snapshot.total },
        });
      optionsRef.current.onFinished?.(snapshot);
      return { run: snapshot, error: null };
    },
    [fail, notify],
  );

  /** Forgets the last run (and stops polling one that still goes). */
  const clear = useCallback(() => {
    generation.current += 1;
    setRun(null);
    setBusy(false);
  }, []);

  return { run, busy, start, clear };
}
