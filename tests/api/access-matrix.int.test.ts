import http from 'node:http';
import { clientOfPortal, useTestPortal } from '@portal/api/test/portal';
import { type Access, endpoints, type KeyScope, keyScopes, roleMayCall } from '@portal/contract';
import { Role } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandInUi } from '../support/stand-in-ui';

/**
 * Access is decided by the matched route (issue: "/%61pi/user/all" once answered the user list with
 * no token). Every operation of the OpenAPI document is called over real HTTP with no token, a
 * standard user's, an auditor's and an administrator's, each spelled five ways, and must answer as its
 * declared access says: 401 without a token (and on a scale bridge's route, which takes no user token
 * at all), 403 for a signed-in caller whose role the access does not take (`roleMayCall`), neither
 * otherwise, and never a 5xx. An API key of each scope is a caller too (issue 33, item 5): taken exactly by
 * the routes that declare its scope, refused with 403 by every other route that takes a user and with 401
 * by a scale bridge's.
 */

// The UI's public file routes and its deep-link fallback must be in the matrix too.
const ui = createStandInUi();
afterAll(() => ui.remove());
const ctx = useTestPortal({ uiDist: ui.dist, standardUser: true, auditorUser: true });
type UserCaller = 'none' | 'standard' | 'auditor' | 'admin';
type Caller = UserCaller | `key:${KeyScope}`;
let tokens: Record<UserCaller, Record<string, string>>;
let callers: Record<Caller, Record<string, string>>;
const roleOfCaller = { standard: Role.Standard, auditor: Role.Auditor, admin: Role.Administrator } as const;
let agent: http.Agent;

beforeAll(async () => {
  tokens = { none: {}, standard: ctx.standard, auditor: ctx.auditor, admin: ctx.admin };
  const client = clientOfPortal(() => ctx.portal);
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const keyCallers = await Promise.all(
    keyScopes.map(async (scope) => {
      const body = { name: `matrix ${scope}`, scopes: [scope], expiresAt };
      const { key } = await client(endpoints.postApiKeyNew, { body }, ctx.admin);
      return [`key:${scope}`, { authorization: `Bearer ${key}` }] as const;
    }),
  );
  callers = { ...tokens, ...Object.fromEntries(keyCallers) } as typeof callers;
  agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
});
afterAll(() => agent?.destroy());

interface Answer {
  status: number;
  body: string;
}

/** Sends `target` as the request line's target, byte for byte (no client-side normalising). */
function send(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const { port } = new URL(ctx.portal.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The five spellings of one path: the router must take each to the same route, or to none. */
const spellings = (plain: string): Record<string, string> => ({
  plain,
  'percent-encoded': plain.replace('/api/', '/%61pi/'),
  'absolute-form': `http://portal.test${plain}`,
  'doubled slashes': `/${plain.replace('/api/', '/api//')}`,
  'trailing slash': `${plain}/`,
});

/** A concrete path for an OpenAPI path template; ids that match nothing, so no call changes data. */
const concrete = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'hash'
      ? 'AAAAAAAAAAAAAAAAAAAAAA'
      : name.toLowerCase().includes('job')
        ? 'no-such-run'
        : '987654',
  );

/** The refusal a caller must get from a route (its access and the key scope it takes), or null for none. */
function refusalFor(access: Access, keyScope: KeyScope | undefined, caller: Caller): 401 | 403 | null {
  if (access === 'public') return null;
  // No caller here holds a scale's bridge key, and neither a user's token nor an API key is one.
  if (access === 'scale-bridge' || caller === 'none') return 401;
  if (caller.startsWith('key:')) return caller === `key:${keyScope}` ? null : 403;
  return roleMayCall(access, roleOfCaller[caller as Exclude<UserCaller, 'none'>]) ? null : 403;
}

/** What an answer must be for a caller under a route's access: a violation's description, or null. */
function violation(
  access: Access,
  keyScope: KeyScope | undefined,
  caller: Caller,
  answer: Answer,
): string | null {
  // SoilFLO's routes say so when SoilFLO is not configured (as here): a deliberate answer, not a fault.
  const soilFloNotConfigured = answer.status === 503 && answer.body.includes('"code":"not_configured"');
  if (answer.status >= 500 && !soilFloNotConfigured) return `answered ${answer.status}`;
  const refusedAs = refusalFor(access, keyScope, caller);
  // A bridge route takes 20 wrong keys per address in 10 minutes, then answers 429 to any: refused still.
  const bridgeThrottled = access === 'scale-bridge' && answer.status === 429;
  if (refusedAs !== null)
    return answer.status === refusedAs || bridgeThrottled
      ? null
      : `expected ${refusedAs}, got ${answer.status}`;
  return answer.status === 401 || answer.status === 403 ? `refused with ${answer.status}` : null;
}

describe('the access matrix', () => {
  it('every OpenAPI operation × caller × spelling answers as its declared access says', async () => {
    const document = JSON.parse((await send('GET', '/api/docs/json', {})).body) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const declared = ctx.portal.app.routeAccess();
    const keyScopeOf = ctx.portal.app.routeKeyScopes();
    const cases: { method: string; template: string; access: Access; keyScope: KeyScope | undefined }[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`;
        const access = declared.get(route);
        if (!access) throw new Error(`${route} is documented but has no declared access`);
        cases.push({ method: method.toUpperCase(), template, access, keyScope: keyScopeOf.get(route) });
      }
    }
    expect(cases.length).toBeGreaterThan(80);

    const violations: string[] = [];
    let calls = 0;
    for (const { method, template, access, keyScope } of cases) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      for (const [caller, headers] of Object.entries(callers) as [Caller, Record<string, string>][]) {
        for (const [spelling, target] of Object.entries(spellings(concrete(template)))) {
          const answer = await send(method, target, headers, body);
          calls++;
          const wrong = violation(access, keyScope, caller, answer);
          if (wrong) violations.push(`${method} ${target} (${access}, ${caller}, ${spelling}): ${wrong}`);
        }
      }
    }
    console.log(
      `access matrix: ${cases.length} operations × ${Object.keys(callers).length} callers × 5 spellings = ${calls} requests, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
  });

  it("lists an auditor's routes: a ticket, its change log, history and links, the chain's verification, its runs and status, the seals and the exports, the retention period, its status and the legal holds, nothing else", async () => {
    const auditorRoutes = [...ctx.portal.app.routeAccess()]
      .filter(([, access]) => roleMayCall(access, Role.Auditor))
      .map(([route]) => route);
    expect(new Set(auditorRoutes)).toEqual(
      new Set([
        'GET /api/ticket/:id',
        'HEAD /api/ticket/:id',
        'GET /api/ticket/logs/:id',
        'HEAD /api/ticket/logs/:id',
        'GET /api/ticket/:id/history',
        'HEAD /api/ticket/:id/history',
        'GET /api/ticket/:id/history/links',
        'HEAD /api/ticket/:id/history/links',
        'GET /api/audit/verify',
        'HEAD /api/audit/verify',
        'GET /api/audit/verify/:id',
        'HEAD /api/audit/verify/:id',
        'GET /api/audit/status',
        'HEAD /api/audit/status',
        'GET /api/audit/seals',
        'HEAD /api/audit/seals',
        'GET /api/audit/export',
        'HEAD /api/audit/export',
        'GET /api/retention/policy',
        'HEAD /api/retention/policy',
        'GET /api/retention/status',
        'HEAD /api/retention/status',
        'GET /api/legal-hold/all',
        'HEAD /api/legal-hold/all',
      ]),
    );
    // The OpenAPI document says the same of each operation.
    const document = JSON.parse((await send('GET', '/api/docs/json', {})).body) as {
      paths: Record<string, Record<string, { 'x-roles': number[]; description: string }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation['x-roles'].includes(Role.Auditor))
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
    expect(new Set(documented)).toEqual(
      new Set([
        'GET /api/ticket/{id}',
        'GET /api/ticket/logs/{id}',
        'GET /api/ticket/{id}/history',
        'GET /api/ticket/{id}/history/links',
        'GET /api/audit/verify',
        'GET /api/audit/verify/{id}',
        'GET /api/audit/status',
        'GET /api/audit/seals',
        'GET /api/audit/export',
        'GET /api/retention/policy',
        'GET /api/retention/status',
        'GET /api/legal-hold/all',
      ]),
    );
    expect(document.paths['/api/audit/seals']?.get?.description).toContain('Access: Administrator, Auditor.');
  });

  it("lists each API key scope's routes, nothing else", () => {
    const routesOf = (scope: KeyScope) =>
      new Set(
        [...ctx.portal.app.routeKeyScopes()].filter(([, taken]) => taken === scope).map(([route]) => route),
      );
    const readable = (...routes: string[]) => routes.flatMap((route) => [`GET ${route}`, `HEAD ${route}`]);
    expect(routesOf('read-tickets')).toEqual(
      new Set([
        ...readable('/api/ticket/:id', '/api/ticket/daily/loaded', '/api/ticket/daily/received'),
        'POST /api/ticket/search/page',
      ]),
    );
    expect(routesOf('read-reports')).toEqual(
      new Set(['POST /api/ticket/report/table', 'POST /api/ticket/report/chart']),
    );
    expect(routesOf('weigh')).toEqual(new Set(['PUT /api/ticket/weigh']));
    expect(routesOf('receive')).toEqual(new Set(['PUT /api/ticket/receive']));
    expect(routesOf('read-events')).toEqual(new Set(readable('/api/feed')));
  });

  it('lists its public routes: login, the ticket link (ticket, dispatch, haulage record), the health probes, the API reference and the UI files, nothing else', () => {
    const publicRoutes = [...ctx.portal.app.routeAccess()]
      .filter(([, access]) => access === 'public')
      .map(([route]) => route)
      .filter((route) => !/^(GET|HEAD) \/api\/docs(\/|$)/.test(route));
    expect(new Set(publicRoutes)).toEqual(
      new Set([
        'POST /api/auth/Authenticate',
        'GET /api/ticket/:id/:hash',
        'HEAD /api/ticket/:id/:hash',
        'GET /api/ticket/:id/:hash/dispatch',
        'HEAD /api/ticket/:id/:hash/dispatch',
        'POST /api/ticket/:id/:hash/dispatch',
        'GET /api/ticket/:id/:hash/haulage-record',
        'HEAD /api/ticket/:id/:hash/haulage-record',
        'GET /healthz',
        'HEAD /healthz',
        'GET /readyz',
        'HEAD /readyz',
        'GET /',
        'HEAD /',
        'GET /index.html',
        'HEAD /index.html',
        'GET /assets/app.js',
        'HEAD /assets/app.js',
        'GET /*',
        'HEAD /*',
      ]),
    );
  });
});

describe('a request that matches no route', () => {
  it('answers 404 with no data, however it is spelled and whoever asks', async () => {
    const unmatched = [
      '/API/user/all',
      '/Api/user/all',
      '/api/users/all',
      '/%2Fapi/user/all',
      '/api%2Fuser%2Fall',
      '/api/user/all/extra',
      '/api',
      '/api/',
      '/%61pi',
    ];
    for (const headers of Object.values(tokens)) {
      for (const target of unmatched) {
        const answer = await send('GET', target, headers);
        expect(answer.status, target).toBe(404);
        expect(JSON.parse(answer.body), target).toEqual({ message: 'Not found.' });
      }
    }
  });

  it('outside /api, a deep link of the UI gets its page (public, no data)', async () => {
    for (const target of ['/dashboard', '/ticket/5?hash=x', '/users']) {
      const answer = await send('GET', target, {});
      expect(answer.status, target).toBe(200);
      expect(answer.body, target).toContain('<div id="root">');
    }
    expect((await send('GET', '/assets/app.js', {})).body).toBe('console.log("portal")');
  });
});
