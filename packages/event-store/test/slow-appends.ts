import type pg from 'pg';

/**
 * Test-only: an append whose metadata has `slowMs` sleeps after its insert, before its commit, so a lower
 * global position commits after higher ones (what a reader of the log must not skip).
 */
export const installSlowAppends = (pool: pg.Pool) =>
  pool.query(`
    CREATE FUNCTION test_slow_append() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_sleep(coalesce(max((metadata->>'slowMs')::numeric), 0) / 1000) FROM inserted;
      RETURN NULL;
    END $$;
    CREATE TRIGGER test_slow_append AFTER INSERT ON events REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION test_slow_append();`);
