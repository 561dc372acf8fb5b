/**
 * Erasure (docs/privacy-erasure.md): a member deletes their own account with their password, and
 * an admin erases an inactive member of their club. Both go through `eraseMember`.
 */
import Router from '@koa/router';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { fullName } from '@platzbuchung/domain/names';
import { adminMayErase, erasureTexts } from '@platzbuchung/domain/members/erasure';
import type { SessionUser } from '@platzbuchung/domain/types';
import { takeAll, type Charge } from '../accounts/rate-limits';
import { eraseMember } from '../accounts/erasure';
import { findLoginCandidate, normalizedEmail } from '../accounts/users-store';
import { commandClock } from '../commands/definition';
import { usersReachHttps } from '../config';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { HttpError, conflict, notFound } from '../http/errors';
import { forgetDevice, knownDevice } from '../http/known-devices';
import { isUuid } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, message, object } from '../http/answer-schemas';

const passwordError = (status: number, message: string) =>
  new HttpError(status, [{ instancePath: '/password', message }]);

function passwordOf(body: unknown): string {
  const password = (body as { password?: unknown } | undefined)?.password;
  if (typeof password !== 'string' || password.length === 0 || password.length > 200) {
    throw passwordError(400, erasureTexts.passwordMissing);
  }
  return password;
}

export function erasureRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits } = deps;
  const secureCookies = usersReachHttps(deps.config);
  const clock = commandClock(deps);
  const router = new Router<AppState>({ prefix: '/api' });

  /** Counted like a login (docs/security/accounts.md): the password is what guards the erasure. */
  function loginCharges(ctx: AppContext, user: SessionUser): Charge[] {
    const email = normalizedEmail(user.email);
    const device = knownDevice(ctx, user._id);
    return device
      ? [[rateLimits.loginByKnownDevice, device]]
      : [
          [rateLimits.loginByClient, ctx.ip],
          [rateLimits.loginByEmail, email],
          [rateLimits.loginByEmailAndClient, `${email} ${ctx.ip}`],
        ];
  }

  /** The counters keyed by the erased address (hashed, but linkable by whoever knows it) go too. */
  async function forgetCounters(ctx: AppContext, userId: string, address: string): Promise<void> {
    const email = normalizedEmail(address);
    const device = forgetDevice(ctx, userId, secureCookies);
    await Promise.all([
      rateLimits.loginByEmail.forget(email),
      rateLimits.loginByEmailAndClient.forget(`${email} ${ctx.ip}`),
      rateLimits.resetByEmail.forget(email),
      ...(device ? [rateLimits.loginByKnownDevice.forget(device)] : []),
    ]);
  }

  router.delete('/account', requireLogin(db), async (ctx) => {
    const password = passwordOf(ctx.request.body);
    const user = sessionUser(ctx);
    await takeAll(loginCharges(ctx, user));
    const candidate = await findLoginCandidate(db, user.email);
    if (!candidate || !(await hasher.verify(password, candidate.password_hash))) {
      throw passwordError(403, erasureTexts.wrongPassword);
    }
    const actor = { user_id: user._id, role: user.role };
    const { email, children } = await eraseMember(
      db,
      { clubId: user.club_id, memberId: user._id, actor, assertErasable: () => {} },
      clock,
    );
    await forgetCounters(ctx, user._id, email);
    ctx.session = null;
    ctx.state.logger.info({ userId: user._id }, 'account erased by its member');
    const childrenNote = children > 0 ? ` ${erasureTexts.childrenErased(children)}` : '';
    ctx.body = { message: erasureTexts.accountErased + childrenNote };
  });

  router.delete('/admin/members/:id', requireLogin(db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const memberId = ctx.params.id;
    if (!isUuid(memberId)) throw notFound(adminTexts.memberNotFound);
    const admin = sessionUser(ctx);
    const named = await db('users').where({ id: memberId, club_id: clubId }).first('first_name', 'last_name');
    const { email } = await eraseMember(
      db,
      {
        clubId,
        memberId: memberId!,
        actor: { user_id: admin._id, role: admin.role },
        assertErasable: (member) => {
          if (!adminMayErase(member)) throw conflict(erasureTexts.onlyInactive);
        },
      },
      clock,
    );
    await forgetCounters(ctx, memberId!, email);
    ctx.state.logger.info({ userId: memberId, by: admin._id }, 'member erased by an admin');
    ctx.body = { message: erasureTexts.memberErased(fullName(named)) };
  });

  return describeRoutes(router, 'Löschen', {
    'DELETE /api/account': {
      summary: 'Das eigene Konto löschen; das Passwort bestätigt es',
      access: 'login',
      body: object({ password: { type: 'string', minLength: 1, maxLength: 200 } }),
      answers: { 200: { description: 'Gelöscht und abgemeldet.', schema: message() } },
      refusals: {
        403: 'Das Passwort ist falsch.',
        409: 'So nicht möglich (etwa der letzte Admin).',
        429: 'Zu viele Versuche.',
      },
    },
    'DELETE /api/admin/members/:id': {
      summary: 'Ein inaktives Mitglied löschen',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Gelöscht.', schema: message() } },
      refusals: {
        404: 'Dieses Mitglied gibt es im Verein nicht.',
        409: 'Nur inaktive Mitglieder können gelöscht werden.',
      },
    },
  });
}
