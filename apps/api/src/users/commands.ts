import type { UserBody } from '@portal/contract';
import {
  DomainError,
  decideUser,
  evolveUser,
  initialUserState,
  isBlank,
  Role,
  type RoleId,
  type UserCommand,
  type UserSetFacts,
  userMessages,
  userStreamId,
  validateUserInput,
} from '@portal/domain';
import { countAdministrators, findUserIdByUsername } from '@portal/projections';
import type { FastifyInstance } from 'fastify';
import { passwordProblem } from '../auth/password-policy';
import { withAdvisoryLock } from '../write-side/advisory-lock';
import { handleCommand } from '../write-side/command-handler';
import { nextId } from '../write-side/next-id';

// Username uniqueness and "at least one administrator" span users: their commands run one at a time.
const USERS_LOCK = 'users-set';

const userAggregate = (userId: number) => ({
  streamId: userStreamId(userId),
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
});

/** Facts read from the read model under the lock, once it has caught up with every event. */
async function userSetFacts(app: FastifyInstance, username: string | null): Promise<UserSetFacts> {
  const head = await app.infra.eventStore.headPosition();
  if (head) await app.commands.waitForProjections(head);
  return {
    usernameOwnerId: username === null ? null : await findUserIdByUsername(app.infra.db, username),
    administratorCount: await countAdministrators(app.infra.db),
  };
}

const trimmedProfile = (body: UserBody) => ({
  username: body.username?.trim() ?? '',
  firstName: body.firstName?.trim() ?? '',
  lastName: body.lastName?.trim() ?? '',
  phoneNumber: body.phoneNumber?.trim() ? body.phoneNumber.trim() : null,
});

/** The password policy's verdict on the password a save sets; a blank one sets none (on edit, it keeps the old). */
const newPasswordProblem = (body: UserBody, profile: ReturnType<typeof trimmedProfile>) =>
  isBlank(body.password) ? null : passwordProblem(body.password ?? '', profile);

export async function registerUser(
  app: FastifyInstance,
  body: UserBody,
  actorId: number | null,
): Promise<number> {
  const profile = trimmedProfile(body);
  validateUserInput(body, {
    passwordRequired: true,
    passwordProblem: await newPasswordProblem(body, profile),
  });
  const passwordHash = await app.infra.passwords.hash(body.password ?? '');
  return withAdvisoryLock(app.infra.pool, USERS_LOCK, async () => {
    const facts = await userSetFacts(app, profile.username);
    const userId = await nextId(app.infra.pool, 'user');
    const roleId = (body.roleId ?? Role.Standard) as RoleId;
    const command: UserCommand = {
      type: 'RegisterUser',
      data: { userId, ...profile, roleId, passwordHash },
      facts,
    };
    await handleCommand(app.commands, userAggregate(userId), command, { actorId });
    return userId;
  });
}

export async function editUser(app: FastifyInstance, body: UserBody, actorId: number): Promise<number> {
  const userId = body.id ?? 0;
  if (userId < 1) throw new DomainError('not_found', userMessages.notFound);
  const profile = trimmedProfile(body);
  validateUserInput(body, {
    passwordRequired: false,
    passwordProblem: await newPasswordProblem(body, profile),
  });
  const newPasswordHash = body.password?.trim() ? await app.infra.passwords.hash(body.password) : null;
  return withAdvisoryLock(app.infra.pool, USERS_LOCK, async () => {
    const facts = await userSetFacts(app, profile.username);
    const roleId = (body.roleId ?? Role.Standard) as RoleId;
    const command: UserCommand = { type: 'EditUser', data: { ...profile, roleId, newPasswordHash }, facts };
    await handleCommand(app.commands, userAggregate(userId), command, {
      actorId,
      expectedVersion: body.version ?? undefined,
    });
    // The read model has it; the notification reaches this process's cache a moment later.
    app.sessionUsers.forget(userId);
    return userId;
  });
}

export async function deleteUser(app: FastifyInstance, userId: number, actorId: number): Promise<void> {
  await withAdvisoryLock(app.infra.pool, USERS_LOCK, async () => {
    const facts = await userSetFacts(app, null);
    await handleCommand(
      app.commands,
      userAggregate(userId),
      { type: 'DeleteUser', actorId, facts },
      { actorId },
    );
    app.sessionUsers.forget(userId);
  });
}
