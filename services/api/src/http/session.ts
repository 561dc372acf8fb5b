import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import { findSessionWithUser } from '../accounts/users-store';
import type { Db } from '../db/connect';
import type { AppState } from './context';

export const SESSION_COOKIE = 'pb.sid';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A login not used for this long ends (README, docs/security/sessions.md). */
export const SESSION_IDLE_TIMEOUT_MS = 14 * DAY_MS;
/** A login ends this long after it began, however often it is used. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;
/**
 * How stale the expiry may get before a request pushes it forward: at most one write per session
 * and day, and an idle timeout exact to within that day.
 */
const RENEW_AFTER_MS = DAY_MS;

/**
 * What the API keeps in a session: the user's id and when the login began; everything else is read
 * fresh.
 */
export interface SessionData {
  user_id?: string;
  /** Epoch milliseconds of the login; the absolute lifetime counts from here. */
  started_at?: number;
}

interface KoaSessionFields extends SessionData {
  _expire?: number;
  maxAge?: number | 'session';
}

export function pastAbsoluteLifetime(data: SessionData, now: number): boolean {
  return typeof data.started_at === 'number' && now - data.started_at >= SESSION_ABSOLUTE_LIFETIME_MS;
}

/**
 * Sessions live in Postgres, keyed by a random id that is the only thing in the cookie, so a session
 * can be revoked (logout, password reset) and every API process sees the same ones.
 */
function postgresStore(db: Db) {
  return {
    async get(key: string, _maxAge: unknown, options: { ctx?: { state: AppState } }) {
      // The app's clock, the one koa-session computes expiries with.
      const found = await findSessionWithUser(db, key, new Date());
      if (found?.user && options.ctx) {
        options.ctx.state.sessionUser = found.user;
        options.ctx.state.clubSeqAtStart = { club_id: found.user.club_id, club_seq: found.clubSeq };
      }
      return (found?.data as SessionData | undefined) ?? undefined;
    },
    async set(key: string, data: SessionData & { _expire?: number }, maxAge: number) {
      const expiresAt = new Date(
        Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_IDLE_TIMEOUT_MS),
      );
      await db('sessions')
        .insert({ id: key, user_id: data.user_id ?? null, data, expires_at: expiresAt })
        .onConflict('id')
        .merge();
    },
    async destroy(key: string) {
      await db('sessions').where({ id: key }).delete();
    },
  };
}

/**
 * Cookie sessions with an idle timeout and an absolute lifetime. Each login carries its start; a
 * session past its absolute lifetime is treated as absent. The expiry (cookie and row) moves forward
 * with use, but never past the absolute lifetime.
 */
export function sessions(app: Koa, db: Db, options: { secure: boolean }): Middleware {
  const load = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_IDLE_TIMEOUT_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      rolling: false,
      renew: false,
      store: postgresStore(db),
      genid: () => randomBytes(32).toString('base64url'),
      valid: (_ctx, data) => !pastAbsoluteLifetime(data as SessionData, Date.now()),
      beforeSave: (_ctx, current) => {
        const data = current as unknown as SessionData;
        if (data.user_id && data.started_at === undefined) data.started_at = Date.now();
      },
    },
    app,
  );
  return (ctx, next) => load(ctx, () => renewWhileUsed(ctx, next));
}

/** After the request: a used login's expiry moves to a full idle timeout from now, capped by its lifetime. */
const renewWhileUsed: Middleware = async (ctx, next) => {
  await next();
  const current = ctx.session as (KoaSessionFields & object) | null | undefined;
  if (!current?.user_id || typeof current.started_at !== 'number' || typeof current._expire !== 'number')
    return;
  const now = Date.now();
  if (current._expire - now > SESSION_IDLE_TIMEOUT_MS - RENEW_AFTER_MS) return;
  const untilEndOfLifetime = current.started_at + SESSION_ABSOLUTE_LIFETIME_MS - now;
  // Setting maxAge makes koa-session write the row and the cookie again.
  current.maxAge = Math.max(1, Math.min(SESSION_IDLE_TIMEOUT_MS, untilEndOfLifetime));
};

/** Ends every session of a user, e.g. after a password reset. */
export async function destroyUserSessions(db: Db, userId: string): Promise<number> {
  return db('sessions').where({ user_id: userId }).delete();
}

/** Removes expired rows; run now and then so the table does not grow without bound. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<=', db.fn.now()).delete();
}
