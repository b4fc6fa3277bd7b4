/** SQLSTATEs of a connection the server ended: admin_shutdown, crash_shutdown, cannot_connect_now. */
const endedByServer = new Set(['57P01', '57P02', '57P03']);

/**
 * Whether a query failed because its connection was lost, not because of what it asked: the same
 * request sent again finds a new connection. (SQLSTATE class 08 is a connection exception; pg's own
 * errors for a dead socket carry no code.)
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string')
    return (
      endedByServer.has(code) || code.startsWith('08') || code === 'ECONNRESET' || code === 'ECONNREFUSED'
    );
  return (
    error.message === 'Connection terminated unexpectedly' ||
    error.message === 'Client has encountered a connection error and is not queryable'
  );
}
