import type { Middleware } from 'koa';
import { memberTexts } from '@platzbuchung/domain/members/texts';
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
  // Read with the session at the start of this request, unless the session changed hands since.
  const loaded = ctx.state.sessionUser;
  const user = loaded?._id === userId ? loaded : await findSessionUser(db, userId);
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

/**
 * The one gate of a club's data (docs/architecture/membership.md): only active
 * members see or change bookings, blocks and players. Pending and inactive members are logged in
 * (they see their notice and their account), but every club-data route refuses them with 403.
 */
export function assertActiveMember(user: SessionUser): SessionUser {
  if (user.status === 'pending') throw forbidden(memberTexts.pendingRefused);
  if (user.status !== 'active') throw forbidden(memberTexts.inactiveRefused);
  return user;
}

/**
 * Logged in and active, checked before the route reads its body: every route of a club's
 * bookings, blocks, players and live stream uses this instead of `requireLogin`.
 */
export function requireActiveMember(db: Db): Middleware<AppState> {
  return async (ctx, next) => {
    const user = await currentUser(ctx, db);
    if (!user) throw unauthorized();
    assertActiveMember(user);
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

/** An admin of that club, and active: a deactivated admin keeps the role but loses its rights. */
export function assertAdminOf(user: SessionUser, clubId: unknown): string {
  const own = assertOwnClub(user, clubId);
  if (user.role !== 'admin') throw forbidden();
  assertActiveMember(user);
  return own;
}
