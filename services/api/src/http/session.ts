import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Db } from '../db/connect';

export const SESSION_COOKIE = 'pb.sid';
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** What the API keeps in a session: only the user's id; everything else is read fresh. */
export interface SessionData {
  user_id?: string;
}

/**
 * Sessions live in Postgres, keyed by a random id that is the only thing in the cookie, so a session
 * can be revoked (logout, password reset) and every API process sees the same ones.
 */
function postgresStore(db: Db) {
  return {
    async get(key: string) {
      const row = await db('sessions')
        .where({ id: key })
        .andWhere('expires_at', '>', db.fn.now())
        .first('data');
      return (row?.data as SessionData | undefined) ?? undefined;
    },
    async set(key: string, data: SessionData & { _expire?: number }, maxAge: number) {
      const expiresAt = new Date(Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS));
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

export function sessions(app: Koa, db: Db, options: { secure: boolean }) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      signed: true,
      rolling: false,
      renew: true,
      store: postgresStore(db),
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  );
}

/** Ends every session of a user, e.g. after a password reset. */
export async function destroyUserSessions(db: Db, userId: string): Promise<number> {
  return db('sessions').where({ user_id: userId }).delete();
}

/** Removes expired rows; run now and then so the table does not grow without bound. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<=', db.fn.now()).delete();
}
