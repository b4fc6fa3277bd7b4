import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const redacted = '[redacted]';

const decoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
};

/** A path segment that could be a link hash (22 base64url characters) or another such token. */
const tokenLike = /^[A-Za-z0-9_-]{16,}$/;

/**
 * The query parameters whose values the log shows: paging, sorting, ids, days and switches, which name no
 * one and open nothing. Every other value (a link hash, a search filter, e-mail addresses, a company name,
 * anything unknown) is logged as `[redacted]`: a new parameter stays out of the log until it is listed here.
 */
export const loggedQueryNames: ReadonlySet<string> = new Set([
  'page',
  'perPage',
  'sort',
  'order',
  'ticket',
  'project',
  'from',
  'to',
  'selectedDate',
  'ignoreLock',
  'readModels',
]);

/**
 * `url` as the log shows it: the path segment holding the matched route's `hash` parameter (raw or
 * percent-encoded, which the router decodes alike) taken out, and every query value whose name is not in
 * `loggedQueryNames` (the UI's /ticket/{id}?hash=… included). A request that matched no route (a link
 * mistyped or cut short) has no parameters to go by, so every token-like segment of its path goes. A hash
 * in a log would open the ticket for whoever reads the log; a filter or an address would name a person.
 */
export function urlForLog(url: string, route: { matched: boolean; hash?: string }): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const isHash = (segment: string) => {
    const text = decoded(segment);
    return text !== null && (route.matched ? text === route.hash : tokenLike.test(text));
  };
  const shownPath = path
    .split('/')
    .map((segment) => (isHash(segment) ? redacted : segment))
    .join('/');
  if (queryAt === -1) return shownPath;
  const shownQuery = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      const shown = decoded(name);
      return shown !== null && loggedQueryNames.has(shown) ? pair : `${name}=${redacted}`;
    })
    .join('&');
  return `${shownPath}?${shownQuery}`;
}

/** Fastify's default request fields, with the link hash and the unlisted query values out of the URL. */
function requestForLog(request: FastifyRequest) {
  const { hash } = (request.params ?? {}) as { hash?: unknown };
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: urlForLog(request.url, {
      matched: !request.is404,
      ...(typeof hash === 'string' ? { hash } : {}),
    }),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The API's request logging: tokens and public-link hashes never reach the log. `stream` defaults to
 * stdout (tests pass their own).
 */
export const portalLoggerOptions = (
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] => ({
  level,
  redact: ['req.headers.authorization', 'req.headers["x-auth-token"]'],
  serializers: { req: requestForLog },
  ...(stream ? { stream } : {}),
});
