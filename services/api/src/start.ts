import { runPortal } from './run-portal';

/** `npm start`: the whole portal in one process, with an embedded PostgreSQL unless DATABASE_URL is set. */
runPortal(process.env).catch((error) => {
  console.error(error);
  process.exit(1);
});
