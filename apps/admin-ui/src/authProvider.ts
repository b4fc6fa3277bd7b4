import { endpoints, roleMayCall, urlOf } from '@portal/contract';
import { Role } from '@portal/domain';
import type { AuthProvider } from 'react-admin';
import { keepsSessionOnUnauthorized, unreachableMessage } from './dataProvider/http-client';
import { clearToken, currentSession, homePathOf, sessionFromToken, storeToken } from './session';

/** Screens and resources only administrators may open; the server refuses them with 403 too. */
const administratorResources = new Set([
  'users',
  'contractors',
  'transports',
  'materials',
  'scales',
  'reports',
  'settings',
  'outbox',
  'integrations',
]);

/** Screens for administrators and auditors: the Audit page and a ticket's event history. */
const auditResources = new Set(['audit', 'ticketAudit']);

interface Credentials {
  username: string;
  password: string;
}

async function authenticate({ username, password }: Credentials): Promise<string> {
  let response: Response;
  try {
    // Not through `call`: a failed login's answer is read here, not by the session's error handling.
    response = await fetch(urlOf(endpoints.postAuthAuthenticate), {
      method: endpoints.postAuthAuthenticate.method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  } catch {
    throw new Error(unreachableMessage());
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok && typeof body === 'string' && sessionFromToken(body)) return body;
  if (response.ok || response.status >= 500) throw new Error('portal.errors.unexpected');
  // 400 (wrong credentials, same text for unknown users: docs/security.md, "Login abuse") and 429 (throttled) carry their own message.
  const message = (body as { message?: unknown } | undefined)?.message;
  throw new Error(typeof message === 'string' && message ? message : 'portal.errors.unexpected');
}

export const authProvider: AuthProvider = {
  async login(credentials: Credentials) {
    const token = await authenticate(credentials);
    storeToken(token);
    return { redirectTo: homePathOf(sessionFromToken(token)?.role) };
  },

  async logout() {
    clearToken();
  },

  async checkAuth() {
    if (currentSession()) return;
    clearToken();
    // No toast when simply arriving without a session; the login form says enough.
    throw { redirectTo: '/login', message: false };
  },

  async checkError(error: unknown) {
    const status = (error as { status?: unknown } | null)?.status;
    // A 401 (except on the user list call) or a 403 sends the user to /login.
    if (status === 401 && !keepsSessionOnUnauthorized(error)) throw error;
    if (status === 403) throw error;
  },

  async getPermissions() {
    return currentSession()?.role;
  },

  async getIdentity() {
    const session = currentSession();
    if (!session) throw new Error('No session');
    return { id: session.userId, fullName: session.fullName };
  },

  async canAccess({ resource }) {
    const role = currentSession()?.role;
    if (auditResources.has(resource)) return role !== undefined && roleMayCall('audit', role);
    if (!administratorResources.has(resource)) return true;
    return role === Role.Administrator;
  },
};
