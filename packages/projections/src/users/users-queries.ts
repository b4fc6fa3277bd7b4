import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../database';

export type UserView = Omit<
  UserRow,
  'passwordHash' | 'usernameKey' | 'sessionVersion' | 'createdAt' | 'updatedAt'
>;

const publicColumns = [
  'id',
  'username',
  'roleId',
  'firstName',
  'lastName',
  'phoneNumber',
  'version',
] as const;

export const listUsers = (db: Kysely<Database>): Promise<UserView[]> =>
  db.selectFrom('users').select(publicColumns).orderBy('id').execute();

export const findUserById = (db: Kysely<Database>, id: number): Promise<UserView | undefined> =>
  db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();

/** The signed-in user behind a token: role and session version decide what the token may still do. */
export type SessionUser = Pick<UserRow, 'id' | 'roleId' | 'firstName' | 'lastName' | 'sessionVersion'>;

/**
 * The channel on which a changed or deleted `users` row announces its id when its transaction commits ('*':
 * every row went), for caches of session users (migration 2026-11-24-001 sends it).
 */
export const sessionUserChangedChannel = 'session_user_changed';

export const findSessionUser = (db: Kysely<Database>, id: number): Promise<SessionUser | undefined> =>
  db
    .selectFrom('users')
    .select(['id', 'roleId', 'firstName', 'lastName', 'sessionVersion'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Login lookup: includes the password hash, so it never leaves the auth slice. */
export const findUserCredentials = (db: Kysely<Database>, username: string) =>
  db
    .selectFrom('users')
    .select([...publicColumns, 'passwordHash', 'sessionVersion'])
    .where('usernameKey', '=', username.trim().toLowerCase())
    .executeTakeFirst();

export const findUserIdByUsername = async (db: Kysely<Database>, username: string): Promise<number | null> =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where('usernameKey', '=', username.trim().toLowerCase())
      .executeTakeFirst()
  )?.id ?? null;

export const countAdministrators = async (db: Kysely<Database>): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('count'))
        .where('roleId', '=', 1)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const countUsers = async (db: Kysely<Database>): Promise<number> =>
  Number(
    (await db.selectFrom('users').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow()).count,
  );
