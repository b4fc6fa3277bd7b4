import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer, the UI's and the API's (docs/security.md, "Browser hardening"). The
 * session token sits in localStorage (docs/rules.md, "Sessions and errors"), so the policy's job is to keep
 * any injected script from running: scripts only from this origin, no framing, no cross-origin paths in
 * referrers (a ticket's public link carries its hash in the URL). helmet's middleware is built once:
 * @fastify/helmet built it, and parsed the policy again, on every request (~5% of a search's time).
 */
export function registerBrowserSecurity(app: FastifyInstance, options: { https: boolean }): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion adds <style> elements at run time; styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        // Only where the site is HTTPS: on a plain-HTTP site it would break every request.
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The print pages open same-origin pop-ups; nothing here embeds cross-origin resources.
    crossOriginEmbedderPolicy: false,
  });
  // helmet (8.1 on) throws its errors rather than passing them on, so `next` only ever means done.
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, () => done()),
  );
  // An API answer is never kept by a browser or a proxy: they carry tokens, people's names and phones,
  // tickets and downloads, and change as the site works (issue 32, item 5). The UI's files say their own.
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', apiCacheControl);
  });
}

export const apiCacheControl = 'no-store';

/** `/api/…`, however many slashes lead it (the router reads `//api/x` as `/api/x`). */
const isApiPath = (url: string): boolean => /^\/+api(?:[/?]|$)/.test(url);

/**
 * Swagger UI sets its own policy on its pages (its inline scripts need their hashes); keep it, but
 * style it as the app is styled (it adds inline styles at run time, which a hash list would block),
 * refuse framing as everywhere else and upgrade requests only on an HTTPS site.
 */
export const docsPolicy =
  (options: { https: boolean }) =>
  (policy: string): string => {
    const replaced = ['frame-ancestors', 'style-src'];
    const directives = policy
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive !== '' && !replaced.includes(directive.split(/\s+/)[0] ?? ''))
      .filter((directive) => options.https || directive !== 'upgrade-insecure-requests');
    return [...directives, "style-src 'self' 'unsafe-inline'", "frame-ancestors 'none'"].join('; ');
  };
