/**
 * Session lookups asked at the same moment share one statement. When a club's booking window opens,
 * hundreds of members' requests arrive at once, each first asking for its session: one statement
 * each queued them all for the pool's ten connections, and the wait for a connection was most of a
 * rush's time (bench/README.md, "National"). Lookups asked while the pool is busy with others now
 * wait together and go in the next statement, so the pool stays free for the bookings. A lookup
 * asked alone goes at once; each still reads what is committed when its statement runs, with its
 * own moment for the expiry, so a logout or password reset ends a login as before.
 */
import type { Db } from '../db/connect';
import { preparedRows } from '../db/prepared';

/** Statements of lookups on their way at once, per pool; more lookups wait for one to finish. */
const IN_FLIGHT = 2;
/** At most this many lookups in one statement. */
const MOST_PER_STATEMENT = 500;

interface Asked<Row> {
  id: string;
  now: Date;
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

class Lookups<Row extends { key: string }> {
  private waiting: Asked<Row>[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Db,
    private readonly sql: string,
  ) {}

  find(id: string, now: Date): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, now, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight >= IN_FLIGHT || !this.waiting.length) return;
    const batch = this.waiting.splice(0, MOST_PER_STATEMENT);
    this.inFlight++;
    preparedRows<Row>(
      this.db,
      'session-users',
      this.db.raw(this.sql, [batch.map((a) => a.id), batch.map((a) => a.now.toISOString())]),
    )
      .then(
        (rows) => {
          const byKey = new Map(rows.map((row) => [row.key, row]));
          for (const asked of batch) asked.resolve(byKey.get(asked.id));
        },
        (error: unknown) => {
          for (const asked of batch) asked.reject(error);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.next();
      });
  }
}

const byPool = new WeakMap<Db, Lookups<{ key: string }>>();

/**
 * The row of each session id (`key`) still valid at its moment, as `select` (a list of the columns
 * beside `s.*` and `u.*`, sessions `s` left-joined to users `u`) reads it; undefined when none.
 */
export function lookUpSession<Row extends { key: string }>(
  db: Db,
  select: string,
  id: string,
  now: Date,
): Promise<Row | undefined> {
  let lookups = byPool.get(db);
  if (!lookups) {
    lookups = new Lookups(
      db,
      `SELECT k.id AS key, ${select}
       FROM unnest(?::text[], ?::timestamptz[]) AS k(id, now)
       JOIN sessions s ON s.id = k.id AND s.expires_at > k.now
       LEFT JOIN users u ON u.id = s.user_id`,
    );
    byPool.set(db, lookups);
  }
  return lookups.find(id, now) as Promise<Row | undefined>;
}
