import { emailPattern, Role } from '@portal/domain';
import type { CommandHost } from '../plugins/infrastructure';

/** Administrators with an e-mail address (their username): who the scale alerts and end-of-day seals go to. */
export async function administratorAddresses(host: CommandHost): Promise<string[]> {
  const administrators = await host.infra.db
    .selectFrom('users')
    .select('username')
    .where('roleId', '=', Role.Administrator)
    .orderBy('id')
    .execute();
  return administrators.map((user) => user.username).filter((username) => emailPattern.test(username));
}
