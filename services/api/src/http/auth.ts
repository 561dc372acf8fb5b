import type { Middleware } from 'koa';
import type { SessionUser } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { findSessionUser } from '../accounts/users-store';
import type { AppContext, AppState } from './context';
import { forbidden, unauthorized } from './errors';
import type { SessionData } from './session';

/** The logged-in user, read fresh from the database so a removed or demoted member loses rights at once. */
export async function currentUser(ctx: AppContext, db: Db): Promise<SessionUser | undefined> {
  if (ctx.state.user) return ctx.state.user;
  const userId = (ctx.session as SessionData | null)?.user_id;
  if (!userId) return undefined;
  const user = await findSessionUser(db, userId);
  if (!user && ctx.session) ctx.session = null;
  ctx.state.user = user;
  return user;
}

export function requireLogin(db: Db): Middleware<AppState> {
  return async (ctx, next) => {
    if (!(await currentUser(ctx, db))) throw unauthorized();
    await next();
  };
}

export function sessionUser(ctx: AppContext): SessionUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}

/** Members may only see and change their own club; the club id may come from the query or body. */
export function assertOwnClub(user: SessionUser, clubId: unknown): string {
  if (typeof clubId !== 'string' || clubId !== user.club_id) throw forbidden();
  return clubId;
}

/** `?club_id=` must name the member's own club; a call that names none means the own club. */
export function ownClubFromQuery(ctx: AppContext, user: SessionUser): string {
  return assertOwnClub(user, ctx.query.club_id ?? user.club_id);
}

export function assertAdminOf(user: SessionUser, clubId: unknown): string {
  const own = assertOwnClub(user, clubId);
  if (user.role !== 'admin') throw forbidden();
  return own;
}
