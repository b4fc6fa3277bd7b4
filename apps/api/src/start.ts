import { runPortalEntry } from './portal-entry';

/** `npm start`: the whole portal in one process, with an embedded PostgreSQL unless DATABASE_URL is set. */
runPortalEntry(process.env);
