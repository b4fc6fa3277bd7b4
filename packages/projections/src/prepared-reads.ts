import {
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  sql,
} from 'kysely';
import type pg from 'pg';

const marker = '/* prepared */ ';

/**
 * Put first in a hot read's SQL (sql`${prepared}SELECT …`) to run it as a named statement: each
 * connection then parses it once, and PostgreSQL keeps a plan for it when one plan serves every value
 * (it plans afresh for each value while that is cheaper). A ticket search by number spent more of its
 * time being parsed and planned (eleven name lookups) than running.
 */
export const prepared = sql.raw(marker);

/**
 * How many distinct texts are ever named: a read's text varies with its filter and sort, and a
 * connection keeps every statement it has prepared, so later texts run unnamed.
 */
const maxNamedTexts = 256;

const names = new Map<string, string>();

/** The statement name of a marked text, or undefined for an unmarked one (or one past the limit). */
function statementName(text: string): string | undefined {
  if (!text.startsWith(marker)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < maxNamedTexts) {
    name = `portal_read_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool as Kysely sees it: the same connections, whose marked reads are run as named statements.
 * One wrapper per connection, as Kysely keeps its own state per client object.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      // Kysely passes a cursor only when its dialect is given one; this portal's is not.
      function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(
        text: string | PostgresCursor<unknown>,
        values: readonly unknown[] = [],
      ): Promise<PostgresQueryResult<unknown>> | PostgresCursor<unknown> {
        if (typeof text !== 'string') throw new Error('Cursors are not used by the read models');
        const name = statementName(text);
        const statement = name ? { name, text, values: [...values] } : { text, values: [...values] };
        // pg types `command` as any string; Kysely as the five it reads.
        return client.query(statement) as Promise<PostgresQueryResult<unknown>>;
      }
      wrapper = { query, release: () => client.release() };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}
