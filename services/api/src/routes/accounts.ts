import Router from '@koa/router';
import { clubSchema, loginSchema, signupSchema } from '@platzbuchung/domain/schemas';
import type { ClubBody, LoginBody, SignupBody } from '@platzbuchung/domain/schemas';
import { texts } from '@platzbuchung/domain/texts';
import type { Role } from '@platzbuchung/domain/types';
import { UNKNOWN_USER_HASH } from '../accounts/passwords';
import { findLoginCandidate, insertUser, listClubMembers, listClubs, toClub } from '../accounts/users-store';
import type { AppDeps } from '../deps';
import { assertOwnClub, currentUser, requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { HttpError, badRequest } from '../http/errors';
import type { SessionData } from '../http/session';
import { validator } from '../http/validate';

const validateClub = validator<ClubBody>(clubSchema);
const validateSignup = validator<SignupBody>(signupSchema);
const validateLogin = validator<LoginBody>(loginSchema);

const emailTaken = () => badRequest([{ instancePath: '/email', message: texts.emailTaken }]);
const normalizedEmail = (email: string) => email.trim().toLowerCase();

export function accountRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits } = deps;
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/clubs', async (ctx) => {
    ctx.body = await listClubs(db);
  });

  /** A club and its first admin are created together or not at all. */
  router.post('/clubs', async (ctx) => {
    const body = validateClub(ctx.request.body);
    const password_hash = await hasher.hash(body.password);
    await db.transaction(async (trx) => {
      const [club] = await trx('clubs')
        .insert({
          name: body.name.trim(),
          courts_count: body.courts_count,
          start_hour: body.start_hour,
          end_hour: body.end_hour,
          reservations_limit: body.reservations_limit,
        })
        .returning(['id', 'name', 'courts_count', 'reservations_limit', 'start_hour', 'end_hour']);
      const admin = { first_name: body.first_name, last_name: body.last_name, email: body.email };
      const role: Role = 'admin';
      if (!(await insertUser(trx, { ...admin, club_id: club.id, password_hash, role }))) throw emailTaken();
      ctx.state.logger.info({ clubId: toClub(club)._id }, 'club registered');
    });
    ctx.status = 201;
    ctx.body = { message: texts.clubCreated, data: await listClubs(db) };
  });

  router.post('/signup', async (ctx) => {
    const body = validateSignup(ctx.request.body);
    const club = await db('clubs').where({ id: body.club_id }).first('id');
    if (!club) throw badRequest([{ instancePath: '/club_id', message: texts.clubUnknown }]);
    const password_hash = await hasher.hash(body.password);
    const { club_id, first_name, last_name, email } = body;
    const role: Role = 'player';
    if (!(await insertUser(db, { club_id, first_name, last_name, email, password_hash, role })))
      throw emailTaken();
    ctx.status = 201;
    ctx.body = { message: texts.signedUp, data: await listClubMembers(db, club_id) };
  });

  router.post('/login', async (ctx) => {
    const body = validateLogin(ctx.request.body);
    const emailKey = normalizedEmail(body.email);
    await rateLimits.loginByEmail.check(emailKey);
    await rateLimits.loginByClient.check(ctx.ip);
    const candidate = await findLoginCandidate(db, body.email);
    const matches = await hasher.verify(body.password, candidate?.password_hash ?? UNKNOWN_USER_HASH);
    if (!candidate || !matches) {
      await rateLimits.loginByClient.spend(ctx.ip);
      await rateLimits.loginByEmail.spend(emailKey);
      throw new HttpError(401, texts.wrongCredentials);
    }
    await rateLimits.loginByEmail.forget(emailKey);
    const { password_hash: _hash, ...user } = candidate;
    // A new session id on login: an id planted before login is worthless after it.
    (ctx.session as SessionData).user_id = user._id;
    await ctx.session!.regenerate();
    ctx.body = user;
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { message: texts.loggedOut };
  });

  router.get('/verifyAuth', async (ctx) => {
    const user = await currentUser(ctx, db);
    if (!user) {
      ctx.status = 401;
      ctx.body = { error: texts.notLoggedIn };
      return;
    }
    ctx.body = user;
  });

  router.get('/users', requireLogin(db), async (ctx) => {
    const clubId = assertOwnClub(sessionUser(ctx), ctx.query.club_id);
    ctx.body = await listClubMembers(db, clubId);
  });

  return router;
}
