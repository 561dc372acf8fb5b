/**
 * Which errors mean "no primary answers right now" (docs/operations.md, "During a failover"): the
 * database machine died, restarts, is being promoted, or the connection landed on a standby. Such a
 * request is answered 503 with `Retry-After`, not 500: nothing was written (a transaction that lost
 * its server is rolled back by PostgreSQL), and the same request succeeds once the new primary
 * takes connections.
 */

/** Seconds a client is asked to wait: about one failover's detection and promotion step. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a server that is gone or not (yet) listening. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is shutting down, starting, in recovery or read-only. */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (fast shutdown, a failover's demotion)
  '57P02', // crash_shutdown: another backend crashed, the server resets
  '57P03', // cannot_connect_now: starting up or in recovery
  '25006', // read_only_sql_transaction: the connection is on a standby
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/** What pg and knex say without a code when a connection ends or cannot be had. */
const MESSAGES = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
  /Knex: Timeout acquiring a connection/i,
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  syscall?: unknown;
}

/** True when the error, or an error it wraps, says that no primary can be reached now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, name, message, cause, errors, syscall } = error as ErrorLike;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
  // A unix socket whose server is gone; a missing file elsewhere is a bug, not a failover.
  if (code === 'ENOENT' && syscall === 'connect') return true;
  // The multi-host connection found no writable host (packages/outbox/src/database-hosts.ts).
  if (code === 'NO_WRITABLE_HOST') return true;
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node gives an AggregateError when every address of a host refused.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
