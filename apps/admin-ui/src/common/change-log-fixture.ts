import type { ProjectLogEntry } from '@portal/contract';

/** For the change-log tests: an entry by the first administrator, nothing before or after; tests override the rest. */
export const administratorLogEntry: ProjectLogEntry = {
  id: 1,
  date: '2026-11-21T10:00:00.000Z',
  username: 'admin@example.com',
  firstName: 'Portal',
  lastName: 'Administrator',
  currentDataObject: null,
  updatedDataObject: null,
};
