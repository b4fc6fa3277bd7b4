import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// API processes cache signed-in users briefly; a changed or deleted users row tells them, on the channel
// `session_user_changed`, when its transaction commits: the row's id, or '*' when the table is emptied.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('session_user_changed', CASE WHEN TG_LEVEL = 'ROW' THEN OLD.id::text ELSE '*' END);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER session_user_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_session_user_changed()`.execute(db);
  await sql`
    CREATE TRIGGER session_users_emptied AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_session_user_changed()`.execute(db);
}
