import type { RecordedEvent } from '@portal/event-store';
import type { Generated, JSONColumnType, Transaction } from 'kysely';
import type { Database } from './database';

/** What every change log keeps: who changed the record, when, and from what to what. */
export interface ChangeLogColumns {
  id: Generated<string>;
  date: Date;
  userId: number | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  currentDataObject: JSONColumnType<object | null, string | null, string | null>;
  updatedDataObject: JSONColumnType<object | null, string | null, string | null>;
}

/** The columns of an entry as the log screens read it. */
export const changeLogSelection = [
  'id',
  'date',
  'username',
  'firstName',
  'lastName',
  'currentDataObject',
  'updatedDataObject',
] as const;

const serialised = (data: object | null) => (data === null ? null : JSON.stringify(data));

/** Log entries as the API answers them: the id a number, the data objects serialised JSON. */
export const changeLogAnswer = <
  Entry extends { id: string; currentDataObject: object | null; updatedDataObject: object | null },
>(
  entries: Entry[],
) =>
  entries.map((entry) => ({
    ...entry,
    id: Number(entry.id),
    currentDataObject: serialised(entry.currentDataObject),
    updatedDataObject: serialised(entry.updatedDataObject),
  }));

/** Who made a change and when, as its log entry keeps it: the acting user's names as they are now. */
export async function changedBy(trx: Transaction<Database>, recorded: RecordedEvent) {
  const { userId, occurredAt } = recorded.metadata;
  const user =
    userId === null
      ? undefined
      : await trx
          .selectFrom('users')
          .select(['username', 'firstName', 'lastName'])
          .where('id', '=', userId)
          .executeTakeFirst();
  return {
    date: new Date(occurredAt),
    userId,
    username: user?.username ?? null,
    firstName: user?.firstName ?? null,
    lastName: user?.lastName ?? null,
  };
}
