import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const redacted = '[redacted]';

const decoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
};

/**
 * `url` with the public link's hash taken out: the path segment holding the matched route's `hash`
 * parameter (raw or percent-encoded, which the router decodes alike) and every `hash` query value
 * (the UI's /ticket/{id}?hash=…). A hash in a log would open the ticket for whoever reads the log.
 */
export function withoutLinkHash(url: string, hashParam: string | undefined): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const shownPath = hashParam
    ? path
        .split('/')
        .map((segment) => (decoded(segment) === hashParam ? redacted : segment))
        .join('/')
    : path;
  if (queryAt === -1) return shownPath;
  const shownQuery = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return decoded(name)?.trim().toLowerCase() === 'hash' ? `${name}=${redacted}` : pair;
    })
    .join('&');
  return `${shownPath}?${shownQuery}`;
}

/** Fastify's default request fields, with the link hash out of the URL. */
function requestForLog(request: FastifyRequest) {
  const { hash } = (request.params ?? {}) as { hash?: unknown };
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: withoutLinkHash(request.url, typeof hash === 'string' ? hash : undefined),
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
