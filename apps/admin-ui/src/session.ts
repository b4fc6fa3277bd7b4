import { isRoleId, Role, type RoleId } from '@portal/domain';

/** The signed-in session: the API's JWT kept in localStorage and the claims the UI reads from it. */

const TOKEN_KEY = 'token';

interface Session {
  token: string;
  userId: string;
  fullName: string;
  role: RoleId;
  /** Epoch milliseconds; the session is valid until then. */
  expiresAt: number;
}

interface Claims {
  primarysid?: unknown;
  nameid?: unknown;
  role?: unknown;
  exp?: unknown;
}

function decodeClaims(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/** Reads the token's claims without verifying its signature: the server verifies it on every call. */
export function sessionFromToken(token: string): Session | null {
  const claims = decodeClaims(token);
  if (!claims) return null;
  // .NET-style issuers send numbers as strings, so accept both.
  const role = Number(claims.role);
  const exp = Number(claims.exp);
  if (!isRoleId(role) || !Number.isFinite(exp)) return null;
  return {
    token,
    userId: String(claims.primarysid ?? ''),
    fullName: String(claims.nameid ?? ''),
    role,
    expiresAt: exp * 1000,
  };
}

/** The current session, or null when the token is missing, malformed or expired. */
export function currentSession(now: number = Date.now()): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  const session = sessionFromToken(token);
  return session && session.expiresAt > now ? session : null;
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * Where a signed-in user lands (after login, and from the site's root): auditors on the Audit page, whose
 * role may not read the dashboard's lists, the office's staff on the dashboard.
 */
export const homePathOf = (role: RoleId | undefined): string =>
  role === Role.Auditor ? '/audit' : '/dashboard';
