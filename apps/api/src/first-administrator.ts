import { randomBytes } from 'node:crypto';
import { DomainError, Role } from '@portal/domain';
import { countUsers } from '@portal/projections';
import type { FastifyInstance } from 'fastify';
import { registerUser } from './users/commands';

const defaultAdminEmail = 'admin@example.com';

/**
 * With no user at all, creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * admin@example.com with a random password that is printed once (and never logged again).
 */
export async function ensureFirstAdministrator(
  app: FastifyInstance,
  print: (line: string) => void,
): Promise<void> {
  if ((await countUsers(app.infra.db)) > 0) return;
  const { adminEmail, adminPassword } = app.infra.config;
  const username = adminEmail ?? defaultAdminEmail;
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const outcome = await registerUser(
    app,
    { username, password, roleId: Role.Administrator, firstName: 'Portal', lastName: 'Administrator' },
    null,
  ).catch(async (error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
    // Another API process starting at the same time created them first (the username is taken).
    if (error.kind === 'conflict' && (await countUsers(app.infra.db)) > 0) return 'created elsewhere';
    if (error.kind !== 'validation') throw error;
    // A refused ADMIN_EMAIL or ADMIN_PASSWORD (the password policy, say) stops the start, naming it.
    const field = Object.keys(error.fieldErrors ?? {})[0];
    const variable = field === 'password' ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
    throw new Error(`${variable} is not accepted for the first administrator: ${error.message}`);
  });
  if (outcome === 'created elsewhere') return;
  // The portal is ready only once the administrator can log in: the login reads the read model, and
  // a command's own wait for it is bounded to a few seconds (a long transaction elsewhere on the
  // server, or a loaded machine, can hold projections back longer).
  const deadline = Date.now() + 60_000;
  while ((await countUsers(app.infra.db)) === 0) {
    if (Date.now() > deadline) throw new Error('The first administrator was not projected within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  print(`Created the first administrator: ${username}`);
  if (!adminPassword) print(`Its password (shown only this once, change it after logging in): ${password}`);
}
