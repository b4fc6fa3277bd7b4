import { Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';

/** What every change-log entry tells: who changed the record, when, and from what to what. */
export const changeLogEntryFields = (record: string) => ({
  date: Type.String({ format: 'date-time' }),
  username: Nullable(Type.String()),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  currentDataObject: Nullable(Type.String({ description: `The ${record} before the change, as JSON` })),
  updatedDataObject: Nullable(Type.String({ description: `The ${record} after the change, as JSON` })),
});
