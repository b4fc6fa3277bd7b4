import { randomBytes } from 'node:crypto';
import { Role } from '@portal/domain';
import { countUsers } from '@portal/projections';
import type { FastifyInstance } from 'fastify';
import { registerUser } from './users/commands';

export const defaultAdminEmail = 'admin@example.com';

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
  await registerUser(
    app,
    { username, password, roleId: Role.Administrator, firstName: 'Portal', lastName: 'Administrator' },
    null,
  );
  // The portal is ready only once the administrator can log in (the login reads the read model,
  // and a command's own wait for it is bounded to a few seconds, short on a loaded machine).
  const head = await app.infra.eventStore.headPosition();
  if (head && !(await app.infra.projections.waitFor(head, 60_000)))
    throw new Error('The read models did not catch up within 60 s of creating the first administrator.');
  print(`Created the first administrator: ${username}`);
  if (!adminPassword) print(`Its password (shown only this once, change it after logging in): ${password}`);
}
