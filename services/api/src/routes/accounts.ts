import Router from '@koa/router';
import { clubSchema, loginSchema, signupSchema } from '@platzbuchung/domain/schemas';
import type { ClubBody, LoginBody, SignupBody } from '@platzbuchung/domain/schemas';
import { localRulesErrors } from '@platzbuchung/domain/clubs/local-rules';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { MemberStatus, Role } from '@platzbuchung/domain/types';
import type { Knex } from 'knex';
import { requestEmailConfirmation, type ConfirmationRecipient } from '../accounts/email-confirmations';
import { UNKNOWN_USER_HASH } from '../accounts/passwords';
import { giveBackAll, takeAll, type Charge } from '../accounts/rate-limits';
import {
  clubNameTaken,
  emailRegistered,
  findClub,
  findClubRules,
  findLoginCandidate,
  insertClub,
  insertUser,
  listClubMembers,
  listClubs,
  normalizedEmail,
} from '../accounts/users-store';
import { ClubDirectory, type ClubSearch } from '../accounts/club-directory';
import { usersReachHttps } from '../config';
import type { AppDeps } from '../deps';
import { currentUser, ownClubFromQuery, requireActiveMember, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { knownDevice, rememberDevice } from '../http/known-devices';
import { HttpError, badRequest, notFound } from '../http/errors';
import type { SessionData } from '../http/session';
import { newPasswordValidator, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import {
  club,
  clubQuery,
  listOf,
  memberName,
  message,
  object,
  refusal,
  sessionUser as sessionUserSchema,
  text,
} from '../http/answer-schemas';

const validateClub = newPasswordValidator<ClubBody>(clubSchema);
const validateSignup = newPasswordValidator<SignupBody>(signupSchema);
const validateLogin = validator<LoginBody>(loginSchema);

const clubNameRefused = () => badRequest([{ instancePath: '/name', message: texts.clubNameTaken }]);
const MAX_CLUB_SEARCH_LIMIT = 100;
const DEFAULT_CLUB_SEARCH_LIMIT = 20;

/** `?q=` and `?limit=` of GET /api/clubs; undefined for the plain call. */
function clubSearch(query: Record<string, string | string[] | undefined>): ClubSearch | undefined {
  const { q, limit } = query;
  if (q === undefined && limit === undefined) return undefined;
  if (Array.isArray(q) || (q !== undefined && q.length > 80)) {
    throw badRequest('Der Suchbegriff „q“ darf nur einmal und mit höchstens 80 Zeichen angegeben werden.');
  }
  const parsed = limit === undefined ? DEFAULT_CLUB_SEARCH_LIMIT : Number(limit);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_CLUB_SEARCH_LIMIT) {
    throw badRequest(`„limit“ muss eine ganze Zahl zwischen 1 und ${MAX_CLUB_SEARCH_LIMIT} sein.`);
  }
  return { q: q ?? '', limit: parsed };
}

const emailTaken = () => badRequest([{ instancePath: '/email', message: texts.emailTaken }]);

export function accountRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits } = deps;
  const secureCookies = usersReachHttps(deps.config);
  const router = new Router<AppState>({ prefix: '/api' });

  const directory = ClubDirectory.of(db);

  /**
   * The plain call answers every club (clients rely on it); `?q=` searches by folded name and
   * `?limit=` caps the answer. Browsers revalidate with the ETag and get a 304 while nothing changed.
   */
  router.get('/clubs', async (ctx) => {
    const search = clubSearch(ctx.query);
    const snapshot = await directory.current();
    const etag = search
      ? `${snapshot.etag.slice(0, -1)}-${search.limit}-${encodeURIComponent(search.q)}"`
      : snapshot.etag;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', etag);
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = search ? JSON.stringify(ClubDirectory.search(snapshot, search)) : snapshot.body;
  });

  /**
   * Checks that cost nothing come before the hash, and the hash before the transaction: a taken
   * address is refused without computing one, and no row is locked while bcrypt runs.
   */
  async function newAccountPasswordHash(ctx: AppContext, email: string, password: string): Promise<string> {
    await takeAll([[rateLimits.registrationByClient, ctx.ip]]);
    if (await emailRegistered(db, email)) throw emailTaken();
    return hasher.hash(password);
  }

  /**
   * A new account is let in at once, and its address gets a confirmation link in the same
   * transaction; notices wait until the link is used (docs/architecture/mail.md, "Confirmed addresses").
   */
  const confirmAddress = (trx: Knex.Transaction, user: ConfirmationRecipient) =>
    requestEmailConfirmation(trx, user, deps.config.publicUrl, deps.clock());

  /** A club and its first admin are created together or not at all. */
  router.post('/clubs', async (ctx) => {
    const body = validateClub(ctx.request.body);
    const zoneErrors = localRulesErrors(body);
    if (zoneErrors.length) throw badRequest(zoneErrors);
    // The cheap refusal first: no password hashing for a name that is taken anyway (the list of
    // club names is public, so answering this before the rate limit tells nobody anything new).
    if (await clubNameTaken(db, body.name)) throw clubNameRefused();
    const password_hash = await newAccountPasswordHash(ctx, body.email, body.password);
    await db.transaction(async (trx) => {
      const { name, courts_count, start_hour, end_hour, reservations_limit } = body;
      // Without a zone of its own a new club lives by the operator's APP_TIMEZONE.
      const time_zone = body.time_zone ?? deps.config.timeZone;
      const core = { name, courts_count, start_hour, end_hour, reservations_limit };
      const club = await insertClub(trx, { ...core, time_zone });
      if (!club) throw clubNameRefused();
      const admin = { first_name: body.first_name, last_name: body.last_name, email: body.email };
      const role: Role = 'admin';
      // Checked above already; the unique index decides between two registrations at the same moment.
      const founder = {
        ...admin,
        club_id: club._id,
        password_hash,
        role,
        status: 'active' as const,
        email_confirmed_at: null,
      };
      const founderId = await insertUser(trx, founder);
      if (!founderId) throw emailTaken();
      await confirmAddress(trx, { ...founder, id: founderId });
      ctx.state.logger.info({ clubId: club._id }, 'club registered');
    });
    ctx.status = 201;
    ctx.body = { message: texts.clubCreated, data: await listClubs(db) };
  });

  router.post('/signup', async (ctx) => {
    const body = validateSignup(ctx.request.body);
    const club = await findClub(db, body.club_id);
    if (!club) throw badRequest([{ instancePath: '/club_id', message: texts.clubUnknown }]);
    const password_hash = await newAccountPasswordHash(ctx, body.email, body.password);
    const { club_id, first_name, last_name, email } = body;
    const role: Role = 'player';
    // A club that approves its members lets them in pending: they log in, but see nothing yet.
    const status: MemberStatus = club.member_approval ? 'pending' : 'active';
    const member = { club_id, first_name, last_name, email: email.trim(), password_hash, role, status };
    const unconfirmed = { ...member, email_confirmed_at: null };
    await db.transaction(async (trx) => {
      const id = await insertUser(trx, unconfirmed);
      if (!id) throw emailTaken();
      await confirmAddress(trx, { ...member, id });
    });
    ctx.status = 201;
    ctx.body =
      status === 'active'
        ? { message: texts.signedUp, data: await listClubMembers(db, club_id) }
        : { message: memberTexts.signedUpPending(club.name), data: [] };
  });

  /**
   * Every attempt takes its points before the password is compared, so parallel guesses cannot
   * overtake the limit; a successful login gives them back. A browser that logged into the account
   * before is counted on its own, so strangers' guesses do not lock the owner out of it.
   */
  router.post('/login', async (ctx) => {
    const body = validateLogin(ctx.request.body);
    const email = normalizedEmail(body.email);
    const candidate = await findLoginCandidate(db, body.email);
    const device = candidate ? knownDevice(ctx, candidate._id) : undefined;
    const charges: Charge[] = device
      ? [[rateLimits.loginByKnownDevice, device]]
      : [
          [rateLimits.loginByClient, ctx.ip],
          [rateLimits.loginByEmail, email],
          [rateLimits.loginByEmailAndClient, `${email} ${ctx.ip}`],
        ];
    await takeAll(charges);
    const matches = await hasher.verify(body.password, candidate?.password_hash ?? UNKNOWN_USER_HASH);
    if (!candidate || !matches) throw new HttpError(401, texts.wrongCredentials);

    // The owner's earlier typos from here count no more: that counter is dropped rather than given
    // its point back first; the other counters get theirs back.
    await Promise.all([
      giveBackAll(charges.filter(([limiter]) => limiter !== rateLimits.loginByEmailAndClient)),
      rateLimits.loginByEmailAndClient.forget(`${email} ${ctx.ip}`),
    ]);
    const { password_hash: _hash, ...user } = candidate;
    rememberDevice(ctx, user._id, secureCookies);
    // A new session id on login: an id planted before login is worthless after it.
    (ctx.session as SessionData).user_id = user._id;
    await ctx.session!.regenerate();
    ctx.body = user;
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { message: texts.loggedOut };
  });

  // Asked by every page load: "not logged in" is a normal answer, not a failure, so it comes as 200
  // with the error field (a 401 would be a console error in every logged-out visitor's browser).
  router.get('/verifyAuth', async (ctx) => {
    const user = await currentUser(ctx, db);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = user ?? { error: texts.notLoggedIn };
  });

  router.get('/users', requireActiveMember(db), async (ctx) => {
    const clubId = ownClubFromQuery(ctx, sessionUser(ctx));
    ctx.body = await listClubMembers(db, clubId);
  });

  /**
   * The club's Platzordnung for its active members: `{ rules }`, plain text ('' when there is none),
   * beside the club's play rules (docs/who-plays.md) and prices (docs/architecture/money.md).
   */
  router.get('/club/rules', requireActiveMember(db), async (ctx) => {
    const clubId = ownClubFromQuery(ctx, sessionUser(ctx));
    const rules = await findClubRules(db, clubId);
    if (rules === undefined) throw notFound(texts.clubNotFound);
    ctx.body = rules;
  });

  return describeRoutes(router, 'Konten und Vereine', {
    'GET /api/clubs': {
      summary: 'Die Vereine, für die Auswahl bei der Registrierung',
      description:
        'Ohne Parameter alle Vereine; mit `q` die, deren Name passt. Mit `If-None-Match` 304, solange sich nichts änderte.',
      access: 'public',
      query: {
        q: {
          description: 'Suchbegriff im Vereinsnamen, höchstens 80 Zeichen.',
          schema: { type: 'string', maxLength: 80 },
        },
        limit: {
          description: `Höchstens so viele Vereine (1 bis ${MAX_CLUB_SEARCH_LIMIT}, sonst ${DEFAULT_CLUB_SEARCH_LIMIT}), nur mit der Suche.`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_CLUB_SEARCH_LIMIT },
        },
      },
      answers: {
        200: { description: 'Die Vereine, nach Namen geordnet.', schema: listOf(club) },
        304: { description: 'Unverändert seit dem genannten ETag.', media: 'none' },
      },
    },
    'POST /api/clubs': {
      summary: 'Einen Verein mit seinem ersten Admin registrieren',
      access: 'public',
      body: clubSchema,
      answers: {
        201: { description: 'Registriert; dazu alle Vereine.', schema: message({ data: listOf(club) }) },
      },
      refusals: { 429: 'Zu viele Registrierungen von dieser Adresse.' },
    },
    'POST /api/signup': {
      summary: 'Als Mitglied eines Vereins registrieren',
      description: 'Ein Verein, der Mitglieder bestätigt, lässt neue zunächst warten; dann ist `data` leer.',
      access: 'public',
      body: signupSchema,
      answers: {
        201: {
          description: 'Registriert; dazu die aktiven Mitglieder des Vereins.',
          schema: message({ data: listOf(memberName) }),
        },
      },
      refusals: { 429: 'Zu viele Registrierungen von dieser Adresse.' },
    },
    'POST /api/login': {
      summary: 'Anmelden: setzt das Sitzungs-Cookie',
      access: 'public',
      body: loginSchema,
      answers: { 200: { description: 'Angemeldet: der Nutzer.', schema: sessionUserSchema } },
      refusals: {
        401: 'E-Mail-Adresse oder Passwort falsch.',
        429: 'Zu viele Versuche; `Retry-After` sagt, wann wieder.',
      },
    },
    'POST /api/logout': {
      summary: 'Abmelden',
      access: 'public',
      answers: { 200: { description: 'Abgemeldet.', schema: message() } },
    },
    'GET /api/verifyAuth': {
      summary: 'Wer angemeldet ist',
      description: 'Nicht angemeldet zu sein ist hier keine Ablehnung: die Antwort ist dann 200 mit `error`.',
      access: 'public',
      answers: {
        200: {
          description: 'Der angemeldete Nutzer, oder `{error}`.',
          schema: { anyOf: [sessionUserSchema, refusal] },
        },
      },
    },
    'GET /api/users': {
      summary: 'Die aktiven Mitglieder des Vereins, nur mit Namen',
      access: 'member',
      query: clubQuery,
      answers: { 200: { description: 'Nach Nachnamen geordnet.', schema: listOf(memberName) } },
    },
    'GET /api/club/rules': {
      summary: 'Die Platzordnung des Vereins, seine Spielregeln und Preise',
      access: 'member',
      query: clubQuery,
      answers: {
        200: {
          description:
            'Die Platzordnung (leer, wenn es keine gibt), die Spielregeln, die Preise (`prices`, leer, wenn Buchen nichts kostet) und wie abgerechnet wird (`payment`: none, account oder prepaid).',
          schema: object({ rules: text }),
        },
      },
      refusals: { 404: 'Den Verein gibt es nicht.' },
    },
  });
}
