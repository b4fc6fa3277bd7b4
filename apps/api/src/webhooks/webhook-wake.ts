import type pg from 'pg';

/** How soon a lost LISTEN connection is replaced; the relay's own interval covers the gap. */
const relistenMs = 1000;

/**
 * Calls `heard` on every NOTIFY on `channel`, and once each time listening starts (what was sent while
 * nobody listened went unheard). Holds one connection of `pool` until `close`.
 */
export function listenFor(pool: pg.Pool, channel: string, heard: () => void) {
  let closed = false;
  let listening: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!closed) retry = setTimeout(() => void start(), relistenMs);
  };
  const drop = (connection: pg.PoolClient, error?: unknown) => {
    if (listening !== connection) return;
    listening = undefined;
    // Destroyed, not handed back: no pooled connection keeps listening.
    connection.release(error instanceof Error ? error : true);
    again();
  };
  const start = async () => {
    let connection: pg.PoolClient;
    try {
      connection = await pool.connect();
    } catch {
      again();
      return;
    }
    listening = connection;
    connection.on('error', (error) => drop(connection, error));
    connection.on('notification', (message) => {
      if (message.channel === channel) heard();
    });
    try {
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(connection, error);
      return;
    }
    if (closed) drop(connection);
    else heard();
  };
  void start();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      if (listening) drop(listening);
    },
  };
}
