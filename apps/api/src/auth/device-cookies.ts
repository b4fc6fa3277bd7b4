import { createHmac, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a successful login gets a
 * signed cookie naming the account and a random device id; a later login to that account with it is from a
 * known device, limited on its own counter and checked on its own password budget, so strangers failing on
 * the account from anywhere never refuse its owner (docs/security.md, "Login abuse").
 */
const cookieName = 'portal_device';
/** Sent back to the login only: the folder of its path (`/api/auth`). */
const loginPath = endpoints.postAuthAuthenticate.path;
const cookiePath = loginPath.slice(0, loginPath.lastIndexOf('/'));
/** How long a device stays known without signing in again. */
const knownForSeconds = 180 * 24 * 60 * 60;

/** The cookie's signing key: derived from the session secret, so nothing new to keep, yet never the same key. */
const signingKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('portal device cookies').digest('base64url');

/** Registers cookie parsing and signing in the login's scope only (an encapsulated plugin's routes). */
export const registerDeviceCookies = (app: FastifyInstance, sessionSecret: string) =>
  app.register(fastifyCookie, { secret: signingKey(sessionSecret), hook: 'preHandler' });

/** The known device's id when the request carries a valid device cookie of `account` (lower-cased), else null. */
export function knownDeviceOf(request: FastifyRequest, account: string): string | null {
  const raw = request.cookies[cookieName];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const separator = unsigned.value.lastIndexOf(' ');
  if (separator < 0) return null;
  const device = unsigned.value.slice(separator + 1);
  return unsigned.value.slice(0, separator) === account && device !== '' ? device : null;
}

/** Makes the device known to `account` after a successful login: its id kept, or a new one. */
export function rememberDevice(reply: FastifyReply, account: string, device: string | null) {
  const id = device ?? randomBytes(16).toString('base64url');
  reply.setCookie(cookieName, `${account} ${id}`, {
    signed: true,
    httpOnly: true,
    secure: 'auto',
    sameSite: 'strict',
    path: cookiePath,
    maxAge: knownForSeconds,
  });
}
