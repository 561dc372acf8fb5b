/**
 * The leases of open live streams (docs/architecture/live-stream.md), kept in PostgreSQL so
 * every API process counts a member's streams together. A process renews the leases of its streams
 * at each heartbeat; one that dies stops renewing, and its leases stop counting once they expire.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/connect';
import { pastAbsoluteLifetime, type SessionData } from '../http/session';

export interface LeaseHolder {
  userId: string;
  clubId: string;
  /** The login the stream belongs to: the stream ends with it. */
  sessionId: string;
}

const expiresIn = (db: Db, ttlMs: number) => db.raw(`now() + ? * interval '1 millisecond'`, [ttlMs]);

/**
 * A lease for one more stream of the member, or undefined when the member holds `cap` already.
 * The member's lock makes parallel requests (on any process) count one after another.
 */
export async function takeLease(
  db: Db,
  holder: LeaseHolder,
  cap: number,
  ttlMs: number,
): Promise<string | undefined> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`live-stream:${holder.userId}`]);
    await trx('live_stream_leases')
      .where('user_id', holder.userId)
      .andWhere('expires_at', '<=', trx.fn.now())
      .delete();
    const [held] = await trx('live_stream_leases').where('user_id', holder.userId).count({ n: '*' });
    if (Number(held?.n ?? 0) >= cap) return undefined;
    const [row] = await trx('live_stream_leases')
      .insert({
        user_id: holder.userId,
        club_id: holder.clubId,
        session_id: holder.sessionId,
        expires_at: expiresIn(db, ttlMs),
      })
      .returning<{ id: string }[]>('id');
    return row!.id;
  });
}

export async function releaseLease(db: Db, leaseId: string): Promise<void> {
  await db('live_stream_leases').where('id', leaseId).delete();
}

interface LeaseCheckRow {
  id: string;
  session_data: SessionData | null;
  session_current: boolean | null;
  same_user: boolean | null;
  status: string | null;
  own_club: boolean | null;
}

/**
 * Renews the leases whose login still holds: the session exists, is neither idle-expired nor past
 * its absolute lifetime, and its member is still an active member of the stream's club. Answers
 * the ids renewed; the others are deleted, and their streams are to end.
 */
export async function renewLeases(db: Db, leaseIds: readonly string[], ttlMs: number): Promise<Set<string>> {
  if (!leaseIds.length) return new Set();
  const rows: LeaseCheckRow[] = await db('live_stream_leases as l')
    .leftJoin('sessions as s', 's.id', 'l.session_id')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .whereIn('l.id', leaseIds)
    .select(
      'l.id',
      { session_data: 's.data', status: 'u.status' },
      db.raw('s.expires_at > now() AS session_current'),
      db.raw('s.user_id = l.user_id AS same_user'),
      db.raw('u.club_id = l.club_id AS own_club'),
    );
  const now = Date.now();
  const held = rows.filter(
    (row) =>
      row.session_data !== null &&
      row.session_current === true &&
      row.same_user === true &&
      !pastAbsoluteLifetime(row.session_data, now) &&
      row.status === 'active' &&
      row.own_club === true,
  );
  const heldIds = held.map((row) => row.id);
  const ended = rows.filter((row) => !heldIds.includes(row.id)).map((row) => row.id);
  if (heldIds.length) {
    await db('live_stream_leases')
      .whereIn('id', heldIds)
      .update({ expires_at: expiresIn(db, ttlMs) });
  }
  if (ended.length) await db('live_stream_leases').whereIn('id', ended).delete();
  return new Set(heldIds);
}

/** Leases no process renews any more; housekeeping removes them now and then. */
export async function purgeExpiredLeases(db: Db): Promise<number> {
  return db('live_stream_leases').where('expires_at', '<=', db.fn.now()).delete();
}

/**
 * The leases of one process's streams: given back in the background (stopping waits for them, so
 * the pool is not closed under them) and renewed at each heartbeat, where the streams whose login
 * ended are closed.
 */
export class ProcessLeases {
  readonly #releasing = new Set<Promise<void>>();
  /** A renewal still under way when the next heartbeat comes is not started twice. */
  #renewing = false;

  constructor(
    private readonly options: { db: Db; logger: Logger },
    private readonly ttlMs: number,
  ) {}

  take(holder: LeaseHolder, cap: number): Promise<string | undefined> {
    return takeLease(this.options.db, holder, cap, this.ttlMs);
  }

  release(leaseId: string): void {
    const released = releaseLease(this.options.db, leaseId)
      .catch((err: unknown) =>
        this.options.logger.warn({ err }, 'live stream lease not released; it expires'),
      )
      .finally(() => this.#releasing.delete(released));
    this.#releasing.add(released);
  }

  async settled(): Promise<void> {
    await Promise.all(this.#releasing);
  }

  /** Renews the leases of these streams (those without one are skipped) and closes the others. */
  async renew(streams: readonly { leaseId: string | undefined; close(): void }[]): Promise<void> {
    const leased = streams.filter((stream) => stream.leaseId !== undefined);
    if (!leased.length || this.#renewing) return;
    this.#renewing = true;
    try {
      const held = await renewLeases(
        this.options.db,
        leased.map((stream) => stream.leaseId!),
        this.ttlMs,
      );
      for (const stream of leased) if (!held.has(stream.leaseId!)) stream.close();
    } catch (err) {
      // The leases outlive a few heartbeats; the next one tries again.
      this.options.logger.warn({ err }, 'live stream leases not renewed');
    } finally {
      this.#renewing = false;
    }
  }
}
