import {
  CamelCasePlugin,
  type ColumnType,
  type Generated,
  Kysely,
  PostgresDialect,
  type Selectable,
} from 'kysely';
import type pg from 'pg';

/** Read models: plain tables shaped for the UI's queries. Columns are snake_case in SQL, camelCase here. */
export interface Database {
  projectionCheckpoint: ProjectionCheckpointTable;
  users: UsersTable;
}

export interface ProjectionCheckpointTable {
  name: string;
  // xid8 and bigserial values; bigint comes back from pg as a string.
  commitPosition: ColumnType<string, string | bigint, string | bigint>;
  preparePosition: ColumnType<string, string | bigint, string | bigint>;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

export interface UsersTable {
  id: number;
  username: string;
  /** Lower-cased username for the case-insensitive unique lookup used at login. */
  usernameKey: string;
  passwordHash: string;
  roleId: 1 | 2;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  /** Stream version of the user aggregate, sent back by the client for optimistic concurrency. */
  version: number;
  createdAt: ColumnType<Date, Date, Date>;
  updatedAt: ColumnType<Date, Date, Date>;
  rowId: Generated<number>;
}

export type UserRow = Selectable<UsersTable>;

export function createReadModelDb(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}
