import { type UserEvent, userEventTypes } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import { eventByEvent, type Projection } from '../runner/projection';

// The user's existing sessions end: their tokens carry the version before this one.
const nextSessionVersion = sql<number>`session_version + 1`;

/** The `users` read model: one row per active user, keyed by id, with the aggregate's version. */
export const usersProjection: Projection = {
  name: 'users',
  handles: userEventTypes,
  async reset(trx) {
    await trx.deleteFrom('users').execute();
  },
  apply: eventByEvent(async (trx: Transaction<Database>, recorded: RecordedEvent) => {
    const event = recorded as unknown as RecordedEvent<UserEvent['type']> & UserEvent;
    const at = new Date(recorded.metadata.occurredAt);
    const version = recorded.streamVersion;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, username, ...rest } = event.data;
        await trx
          .insertInto('users')
          .values({
            id: userId,
            username,
            usernameKey: username.toLowerCase(),
            ...rest,
            version,
            createdAt: at,
            updatedAt: at,
          })
          .execute();
        return;
      }
      case 'UserProfileChanged': {
        const { userId, username, ...rest } = event.data;
        await trx
          .updateTable('users')
          .set({ username, usernameKey: username.toLowerCase(), ...rest, version, updatedAt: at })
          .where('id', '=', userId)
          .execute();
        return;
      }
      case 'UserRoleChanged':
        await trx
          .updateTable('users')
          .set({ roleId: event.data.roleId, version, sessionVersion: nextSessionVersion, updatedAt: at })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'UserPasswordChanged':
        await trx
          .updateTable('users')
          .set({
            passwordHash: event.data.passwordHash,
            version,
            sessionVersion: nextSessionVersion,
            updatedAt: at,
          })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'UserDeleted':
        await trx.deleteFrom('users').where('id', '=', event.data.userId).execute();
        return;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  }),
};
