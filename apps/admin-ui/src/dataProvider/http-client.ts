import { clientOf, type Endpoint, type InputOf, type Request, requestOf } from '@portal/contract';
import { fetchUtils, HttpError } from 'react-admin';
import { currentSession } from '../session';

interface RequestOptions {
  method?: Request['method'];
  body?: unknown;
  /** A 401 on this call (the user list) does not send the user to /login. */
  keepSessionOnUnauthorized?: boolean;
  /** Sent besides the session's (e.g. `Prefer`). */
  headers?: Record<string, string>;
}

const unauthorizedButKeepSession = new WeakSet<object>();

/** True for the errors of calls whose 401 must not end the session (see `authProvider.checkError`). */
export function keepsSessionOnUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && unauthorizedButKeepSession.has(error);
}

/** A gateway's answer for a portal behind it that is down: its own page, not the API's JSON. */
const gatewayStatuses = new Set([502, 503, 504]);

/**
 * What a failed call says when the portal could not be reached (no answer, or only a gateway's): the
 * spec's generic text, then that the server is unreachable and, for a call that changes something, that
 * the change was not saved (issue 34, D16).
 */
export function unreachableMessage(method: RequestOptions['method'] = 'GET'): string {
  return method === 'GET' ? 'portal.errors.unreachable' : 'portal.errors.unreachableNotSaved';
}

/** Error shape react-admin understands, with the generic rules applied (docs/rules.md, "Sessions and errors"). */
function toApiError(error: unknown, options: RequestOptions): HttpError {
  if (!(error instanceof HttpError)) return new HttpError(unreachableMessage(options.method), 0);
  if (gatewayStatuses.has(error.status) && error.body === undefined)
    return new HttpError(unreachableMessage(options.method), error.status);
  // A server fault keeps the generic text for the generic toasts, but its body stays for the calls that read
  // it (a SoilFLO failure's `code` and message).
  if (error.status >= 500) return new HttpError('portal.errors.unexpected', error.status, error.body);
  // A 400's body {message, errors: {field: message}} stays as is: react-admin puts `errors` under the fields.
  const apiError = new HttpError(error.message, error.status, error.body);
  if (error.status === 401 && options.keepSessionOnUnauthorized) unauthorizedButKeepSession.add(apiError);
  return apiError;
}

/** The session token in both headers the server accepts. */
function sessionHeaders(accept: string): Headers {
  const headers = new Headers({ Accept: accept });
  const token = currentSession()?.token;
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('X-auth-token', token);
  }
  return headers;
}

/** The file name a Content-Disposition header offers (RFC 6266: `filename*` wins over `filename`). */
function attachmentFileName(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name falls back to the plain one.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition)?.[1]?.trim() || null;
}

/**
 * Fetches a file the API serves as an attachment (e.g. a spreadsheet export), with the same token headers;
 * a POST sends its `body` as JSON (the report export's filter).
 */
export async function apiDownload<const E extends Endpoint>(
  declaration: E,
  input: InputOf<E>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const { url: path, ...options } = requestOf(declaration, input);
  const headers = sessionHeaders('*/*');
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  try {
    const response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new HttpError(typeof message === 'string' ? message : response.statusText, response.status, body);
    }
    return {
      blob: await response.blob(),
      fileName: attachmentFileName(response.headers.get('Content-Disposition')),
    };
  } catch (error) {
    throw toApiError(error, { method: options.method });
  }
}

/** What a call may add to its request: headers (e.g. `Prefer`), and how a 401 is taken. */
type CallOptions = Pick<RequestOptions, 'headers' | 'keepSessionOnUnauthorized'>;

/**
 * Sends one request of a declared endpoint to the same-origin API with the session token in both headers
 * the server accepts: the typed client's transport, and the data provider's.
 */
export async function send(request: Request, callOptions: CallOptions = {}): Promise<unknown> {
  const options: RequestOptions = { ...callOptions, method: request.method, body: request.body };
  const headers = sessionHeaders('application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  try {
    const { json } = await fetchUtils.fetchJson(request.url, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    return json;
  } catch (error) {
    throw toApiError(error, options);
  }
}

/** The typed client: `call(endpoints.x, { params, query, body })` answers the declared answer. */
export const call = clientOf<CallOptions>(send);
