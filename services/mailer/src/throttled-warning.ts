/**
 * The mailer's loops (the mail relay, the push sender) poll the database every second or so; while
 * it is away or not yet migrated, each would log the same failure at that pace.
 */
import type { Logger } from 'pino';

/** PostgreSQL's "undefined table": a loop started beside a new deployment looked before the API migrated. */
export const UNDEFINED_TABLE = '42P01';

/** One failure line per reason and half minute: a Redis outage must not flood the log. */
export function throttled(log: Logger, everyMs = 30_000): (err: unknown, message: string) => void {
  let last = '';
  let lastAt = 0;
  return (err, message) => {
    const text = err instanceof Error ? err.message : String(err);
    const now = Date.now();
    if (text === last && now - lastAt < everyMs) return;
    last = text;
    lastAt = now;
    log.warn({ err }, message);
  };
}
