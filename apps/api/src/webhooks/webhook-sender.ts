import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DomainError } from '@portal/domain';
import { parseWebhookUrl, resolveWebhookTarget } from './webhook-target';

interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** How one attempt went: the receiver's status (null when it never answered) and, on failure, why. */
export interface WebhookAttempt {
  ok: boolean;
  status: number | null;
  error: string | null;
}

interface SendLimits {
  allowedHosts: readonly string[];
  timeoutMs: number;
  responseBodyLimitBytes: number;
}

export const redirectRefused = 'Redirects are not followed.';

/** The connection goes to the address that was checked: the socket never resolves the name again. */
const pinnedLookup =
  (address: string, family: number): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all)
      (callback as (e: null, all: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };

/**
 * One POST of a delivery: the target checked again after resolving its name (a name that now resolves to a
 * private address is refused), no redirect followed (a 3xx is a failure), at most `responseBodyLimitBytes`
 * of the answer read, the whole exchange cut off after `timeoutMs`.
 */
export async function sendWebhook(request: WebhookRequest, limits: SendLimits): Promise<WebhookAttempt> {
  let resolved: { target: ReturnType<typeof parseWebhookUrl>; address: string; family: number };
  try {
    const target = parseWebhookUrl(request.url, limits.allowedHosts);
    resolved = { target, ...(await resolveWebhookTarget(target)) };
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: error instanceof DomainError ? error.message : 'Unresolvable target',
    };
  }
  const { target, address, family } = resolved;
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAttempt>((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve(attempt);
    };
    const outgoing = transport.request(
      target.url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
        lookup: pinnedLookup(address, family),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // The answer's body tells nothing we keep beyond its status: stop reading past the cap.
          if (read > limits.responseBodyLimitBytes) response.destroy();
        });
        const done = () => {
          const ok = status !== null && status >= 200 && status < 300;
          const redirected = status !== null && status >= 300 && status < 400;
          // The status says the rest; a redirect is named, since a receiver may not expect it to fail.
          finish({ ok, status, error: redirected ? redirectRefused : null });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ ok: false, status: null, error: `No answer within ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    outgoing.on('error', (error) =>
      finish({
        ok: false,
        status: null,
        error: `Could not connect: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      }),
    );
    outgoing.end(request.body);
  });
}
