import { setTimeout as sleep } from 'node:timers/promises';
import { type ExternalLoad, ExternalLoadSchema, externalLoadMessages } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { UpstreamError } from '../plugins/upstream-error';

export type SoilFloFailure = 'not_configured' | 'unreachable' | 'not_correct' | 'rejected';

/** A SoilFLO call's failure, under the spec's fixed messages ('Failed to pull', 'not correct'). */
export class SoilFloError extends UpstreamError {
  override readonly name = 'SoilFloError';
  constructor(
    override readonly code: SoilFloFailure,
    message: string,
    options?: { cause?: string },
  ) {
    super('SoilFLO', code, code === 'not_configured' ? 503 : 502, message, options);
  }
}

export interface ExternalReceiptReport {
  ticketNumber: number;
  receivedAt: string;
  weight: number | null;
}

export interface SoilFloClient {
  /** Validated loads for a ticket number (the raw list; choosing among them is chooseExternalLoad's job). */
  loadsFor(ticketNumber: number): Promise<ExternalLoad[]>;
  /** Reports one receipt. Sends header `Idempotency-Key: {idempotencyKey}`. No retry inside: the queued job retries. */
  sendReceipt(loadId: number, receipt: ExternalReceiptReport, idempotencyKey: string): Promise<void>;
}

export interface SoilFloClientOptions {
  url: string | null;
  apiKey: string | null;
  /** Per request, reading the answer included. */
  timeoutMs?: number;
  /** Attempts in all for `loadsFor`. */
  readAttempts?: number;
  /** Before the first retry; doubled for each later one. */
  retryDelayMs?: number;
}

/**
 * SoilFLO's paths, relative to SOILFLO_API_URL: the only place that knows them, so a deployment whose
 * SoilFLO spells them otherwise changes this and nothing else.
 */
const soilFloPaths = {
  loads: (ticketNumber: number) => `loads?ticketNumber=${encodeURIComponent(ticketNumber)}`,
  receipt: (loadId: number) => `loads/${encodeURIComponent(loadId)}/receipt`,
};

const isLoadList = TypeCompiler.Compile(Type.Array(ExternalLoadSchema));

/** What one request came to: an answer (status and body), or why there was none. */
type Exchange = { answered: true; status: number; body: string } | { answered: false; reason: string };

const droppedCodes = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE']);

function errorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** fetch's own errors say 'fetch failed'; staff need to know whether SoilFLO was slow, away or cut off. */
function whyNoAnswer(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `SoilFLO did not answer within ${timeoutMs / 1000} s`;
  }
  const code = errorCode(error);
  if (code && droppedCodes.has(code)) return 'The connection to SoilFLO was dropped';
  return 'SoilFLO could not be reached';
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The message of a refusal: Fastify-like `{message}` or `{error}` JSON, else a short plain-text body. */
function refusalMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { message, error } = parsed as { message?: unknown; error?: unknown };
      if (typeof message === 'string') return message;
      if (typeof error === 'string') return error;
      return '';
    }
  } catch {
    // Not JSON: the body itself is the message.
  }
  return body.trimStart().startsWith('<') ? '' : body;
}

/** Accepts SOILFLO_API_URL with or without a trailing slash and with a path prefix (`http://host/api/v1`). */
const joinUrl = (base: string, path: string) => new URL(path, base.endsWith('/') ? base : `${base}/`);

export function createSoilFloClient(options: SoilFloClientOptions): SoilFloClient {
  const { url, apiKey } = options;
  const timeoutMs = options.timeoutMs ?? 5000;
  const readAttempts = Math.max(1, options.readAttempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 250;
  const configured = url && apiKey ? { url, apiKey } : null;

  /** SoilFLO may echo what it was sent; the key must not reach a ticket through its refusal. */
  const withoutKey = (text: string) => (apiKey ? text.replaceAll(apiKey, '…') : text);

  async function exchange(
    path: string,
    init: { method: string; headers?: Record<string, string>; body?: string },
  ): Promise<Exchange> {
    if (!configured) throw new SoilFloError('not_configured', externalLoadMessages.notConfigured);
    try {
      const response = await fetch(joinUrl(configured.url, path), {
        method: init.method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${configured.apiKey}`,
          ...init.headers,
        },
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Inside the same timeout: a server that sends headers and then stalls is no better than a silent one.
      const body = await response.text();
      return { answered: true, status: response.status, body };
    } catch (error) {
      return { answered: false, reason: whyNoAnswer(error, timeoutMs) };
    }
  }

  const pullFailed = (cause: string) =>
    new SoilFloError('unreachable', externalLoadMessages.pullFailed, { cause });
  const notCorrect = (cause: string) =>
    new SoilFloError('not_correct', externalLoadMessages.notCorrect, { cause });

  function loadsIn(body: string): ExternalLoad[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw notCorrect('SoilFLO answered with something that is not JSON');
    }
    if (!isLoadList.Check(parsed)) {
      const first = isLoadList.Errors(parsed).First();
      throw notCorrect(
        `SoilFLO's loads are not as expected${first ? ` at '${first.path}': ${first.message}` : ''}`,
      );
    }
    return parsed;
  }

  return {
    async loadsFor(ticketNumber) {
      let lastFailure = '';
      for (let attempt = 1; attempt <= readAttempts; attempt += 1) {
        if (attempt > 1) await sleep(retryDelayMs * 2 ** (attempt - 2));
        const outcome = await exchange(soilFloPaths.loads(ticketNumber), { method: 'GET' });
        if (!outcome.answered) {
          lastFailure = outcome.reason;
          continue;
        }
        if (outcome.status >= 200 && outcome.status < 300) return loadsIn(outcome.body);
        lastFailure = `SoilFLO answered ${outcome.status}`;
        // A refusal (a wrong key, a bad request) answers the same the next time.
        if (outcome.status < 500) break;
      }
      throw pullFailed(lastFailure);
    },

    async sendReceipt(loadId, receipt, idempotencyKey) {
      const outcome = await exchange(soilFloPaths.receipt(loadId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({
          ticketNumber: receipt.ticketNumber,
          receivedAt: receipt.receivedAt,
          weight: receipt.weight,
        }),
      });
      if (!outcome.answered) throw new SoilFloError('unreachable', outcome.reason);
      if (outcome.status >= 200 && outcome.status < 300) return;
      if (outcome.status >= 500) throw new SoilFloError('unreachable', `SoilFLO answered ${outcome.status}`);
      const message = oneLine(withoutKey(refusalMessage(outcome.body)), 200);
      throw new SoilFloError(
        'rejected',
        `SoilFLO refused the receipt: ${outcome.status} ${message}`.trimEnd(),
      );
    },
  };
}
