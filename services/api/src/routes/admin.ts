import Router from '@koa/router';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { clubNow as clubNowAt } from '@platzbuchung/domain/club-time';
import { isIsoDate, type LocalMoment } from '@platzbuchung/domain/dates';
import { invalidDateText } from '@platzbuchung/domain/shapes';
import { memberTexts, transitionOf } from '@platzbuchung/domain/members/texts';
import { nextUpcomingDate } from '@platzbuchung/domain/members/upcoming-bookings';
import { asOfPage, parseAsOfCursor, settingsAt, type AsOfCut } from '@platzbuchung/domain/reservations/as-of';
import { occursOn } from '@platzbuchung/domain/recurrence';
import { localRulesErrors } from '@platzbuchung/domain/clubs/local-rules';
import { courtNamesErrors } from '@platzbuchung/domain/courts';
import { priceCategoryErrors, priceErrors } from '@platzbuchung/domain/money/prices';
import { recordedSepaCreditor, sepaCreditorErrors } from '@platzbuchung/domain/money/sepa/identifiers';
import { clubSettingsSchema, type ClubSettingsBody } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { memberStatuses, type MemberStatus, type Role } from '@platzbuchung/domain/types';
import {
  clubNameTaken,
  findClub,
  findClubSettings,
  findPlayRules,
  isClubNameConflict,
} from '../accounts/users-store';
import {
  categoriesErrors,
  memberCategory,
  type CategorizedMember,
} from '@platzbuchung/domain/categories/categories';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { isUuid, parseInstant, validator } from '../http/validate';
import { describeRoutes, type QueryParameter } from '../http/api-description';
import {
  club,
  clubQuery,
  id,
  integer,
  isoDate,
  listOf,
  message,
  object,
  orNull,
  reservation,
  text,
} from '../http/answer-schemas';
import { changeClubSettingsCommand } from '../commands/clubs';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import { changeMemberRoleCommand, changeMemberStatusCommand } from '../commands/members';
import { upcomingReservations } from '../commands/reservations';
import { cancelUpcomingBookings } from '../accounts/erasure';
import { EVENT_COLUMNS, toEnvelope } from '../events/rows';
import { filteredEvents, inClubOrder } from '../events/store';
import { reservationsAtCut } from '../reservations/as-of';

const validateSettings = validator<ClubSettingsBody>(clubSettingsSchema);
const clubNameRefused = () => badRequest([{ instancePath: '/name', message: texts.clubNameTaken }]);
const ROLES: readonly Role[] = ['admin', 'player'];

/**
 * The club's members with their role, status and category (the admin's choice, the birth year and
 * the category that holds today: docs/who-plays.md, "Member categories"), and how many of their
 * bookings are still to come (a series counts once), so an admin deactivating someone sees what
 * they still hold.
 */
export async function listMembers(db: Db, clubId: string, now: LocalMoment) {
  const [members, upcoming, rules] = await Promise.all([
    db('users')
      .where({ club_id: clubId })
      // Children have no address and are their parent's to keep (docs/who-plays.md, "Families").
      .whereNull('parent_id')
      .select({ _id: 'id' }, 'first_name', 'last_name', 'email', 'role', 'status', 'created_at')
      .select('category_id', 'birth_year')
      .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }]),
    upcomingReservations(db, clubId, now.date),
    findPlayRules(db, clubId),
  ]);
  const counts = new Map<string, number>();
  for (const reservation of upcoming) {
    if (nextUpcomingDate(reservation, now) === null) continue;
    counts.set(reservation.user_id, (counts.get(reservation.user_id) ?? 0) + 1);
  }
  return members.map((member: { _id: string } & CategorizedMember) => ({
    ...member,
    category: memberCategory(rules ?? playRulesOf({}), member, now.date).id,
    upcoming_bookings: counts.get(member._id) ?? 0,
  }));
}

/** A member of the admin's club, from the path; another club's member is as missing as an unknown one. */
async function memberOfClub(db: Db, clubId: string, id: string | undefined): Promise<string> {
  if (!isUuid(id)) throw notFound(adminTexts.memberNotFound);
  const row = await db('users').where({ id, club_id: clubId }).first('id');
  if (!row) throw notFound(adminTexts.memberNotFound);
  return id!;
}

/** The admin's own club, from the query; every admin route starts here. */
export function adminClub(ctx: AppContext): string {
  return assertAdminOf(sessionUser(ctx), ctx.query.club_id);
}

const CHANGE_KINDS = { ClubSettingsChanged: 'settings_changed', MemberRoleChanged: 'role_changed' } as const;

/**
 * The club's settings and role changes, newest first, in the shape the "Verein" tab reads. They
 * are events of the one log; `position` is the club's own event number (never a global position,
 * which would tell one club about the others' activity).
 */
async function listChanges(db: Db, clubId: string) {
  const rows = await db('events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .where('e.club_id', clubId)
    .whereIn('e.type', Object.keys(CHANGE_KINDS))
    .orderBy('e.club_seq', 'desc')
    .limit(200)
    .select({ position: 'e.club_seq' }, 'e.type', 'e.data', 'e.occurred_at', {
      actor: db.raw(
        `json_build_object('_id', e.actor_id, 'first_name', u.first_name, 'last_name', u.last_name)`,
      ),
    });
  return rows.map(({ type, ...row }: { type: keyof typeof CHANGE_KINDS }) => ({
    ...row,
    kind: CHANGE_KINDS[type],
  }));
}

/** Every settings change of the club, for the settings "Stand am" shows beside the grid. */
async function settingsChanges(db: Db, clubId: string) {
  const rows = await filteredEvents(db, { clubId, types: ['ClubSettingsChanged'] })
    .orderBy('club_seq')
    .select([...EVENT_COLUMNS]);
  return rows.map(toEnvelope).map(inClubOrder);
}

/**
 * At most this many reservations per page of "Stand am": more than one day can hold (20 courts of
 * 23 hours), so the grid of a day, as the admin area asks for it, is always one page.
 */
const AS_OF_PAGE = 500;
/** Events read per round trip while folding: a long history is never held at once. */
const AS_OF_EVENTS_PER_READ = 5_000;

function asOfCut(ctx: AppContext, now: Date): AsOfCut {
  const { at, position } = ctx.query;
  // The query's `position` is the club's own event number, as the log's entries name it.
  if (typeof position === 'string' && /^\d{1,15}$/.test(position)) return { clubSeq: Number(position) };
  const moment = parseInstant(at);
  if (!moment) throw badRequest(adminTexts.invalidMoment);
  if (moment.getTime() > now.getTime()) throw badRequest(adminTexts.futureMoment);
  return { at: moment };
}

/** The page the request asks for: `limit` (1 to `AS_OF_PAGE`) and `after`, a cursor from `next`. */
function asOfPageRequest(ctx: AppContext) {
  const { limit, after } = ctx.query;
  const size = limit === undefined ? AS_OF_PAGE : typeof limit === 'string' ? Number(limit) : NaN;
  if (!Number.isInteger(size) || size < 1 || size > AS_OF_PAGE) {
    throw badRequest(adminTexts.asOfLimit(AS_OF_PAGE));
  }
  if (after === undefined) return { limit: size, after: null };
  const place = typeof after === 'string' ? parseAsOfCursor(after) : null;
  if (!place) throw badRequest(adminTexts.asOfCursor);
  return { limit: size, after: place };
}

/** Settings, members and roles, the record of changes, and the grid as it was — admins of that club only. */
export function adminRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin' });
  router.use(requireLogin(deps.db));
  const clock = commandClock(deps);

  /** "Now" on the club's own wall (docs/architecture/club-time.md). */
  const clubNow = async (clubId: string): Promise<LocalMoment> => {
    const club = await findClub(deps.db, clubId);
    if (!club) throw notFound(adminTexts.clubNotFound);
    return clubNowAt(club.time_zone, clock().now);
  };

  router.get('/members', async (ctx) => {
    const clubId = adminClub(ctx);
    ctx.body = await listMembers(deps.db, clubId, await clubNow(clubId));
  });

  /** Approve, reject, deactivate or reactivate; the decider knows which changes are allowed. */
  router.put('/members/:id/status', async (ctx) => {
    const clubId = adminClub(ctx);
    const status = (ctx.request.body as { status?: unknown } | undefined)?.status;
    if (!memberStatuses.includes(status as MemberStatus))
      throw badRequest([{ instancePath: '/status', message: memberTexts.invalidStatus }]);
    if (!isUuid(ctx.params.id)) throw notFound(adminTexts.memberNotFound);
    const actor = sessionUser(ctx);
    const command = {
      type: 'ChangeMemberStatus',
      user_id: ctx.params.id!,
      club_id: clubId,
      actor: { user_id: actor._id, role: actor.role },
      status: status as MemberStatus,
    } as const;
    const [changed] = eventsOrThrow(
      await handleCommand(deps.db, clubId, changeMemberStatusCommand, command, clock()),
    );
    const transition =
      changed?.type === 'MemberStatusChanged'
        ? transitionOf(changed.data.before, changed.data.after)
        : undefined;
    ctx.body = {
      message: transition ? memberTexts.statusChanged[transition] : memberTexts.statusUnchanged,
      data: await listMembers(deps.db, clubId, await clubNow(clubId)),
    };
  });

  /** Cancels every booking of the member that is still to come (accounts/erasure `cancelUpcomingBookings`). */
  router.post('/members/:id/cancel-upcoming', async (ctx) => {
    const clubId = adminClub(ctx);
    const memberId = await memberOfClub(deps.db, clubId, ctx.params.id);
    const user = sessionUser(ctx);
    const actor = { user_id: user._id, role: user.role };
    const cancelled = await cancelUpcomingBookings(deps.db, { clubId, memberId, actor }, clock, new Set());
    ctx.body = {
      message: memberTexts.bookingsCancelled(cancelled),
      cancelled,
      data: await listMembers(deps.db, clubId, await clubNow(clubId)),
    };
  });

  router.put('/members/:id/role', async (ctx) => {
    const clubId = adminClub(ctx);
    const role = (ctx.request.body as { role?: unknown } | undefined)?.role;
    if (!ROLES.includes(role as Role))
      throw badRequest([{ instancePath: '/role', message: adminTexts.invalidRole }]);
    if (!isUuid(ctx.params.id)) throw notFound(adminTexts.memberNotFound);
    const actor = sessionUser(ctx);
    const command = {
      type: 'ChangeMemberRole',
      user_id: ctx.params.id!,
      club_id: clubId,
      actor: { user_id: actor._id, role: actor.role },
      role: role as Role,
    } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, changeMemberRoleCommand, command, clock()));
    ctx.body = {
      message: adminTexts.roleChanged,
      data: await listMembers(deps.db, clubId, await clubNow(clubId)),
    };
  });

  /** The club's whole settings as the "Verein" tab edits them, the play rules included. */
  router.get('/club', async (ctx) => {
    const clubId = adminClub(ctx);
    const [club, settings] = await Promise.all([
      findClub(deps.db, clubId),
      findClubSettings(deps.db, clubId),
    ]);
    if (!club || !settings) throw notFound(adminTexts.clubNotFound);
    ctx.body = { ...club, ...settings, _id: clubId };
  });

  router.put('/club', async (ctx) => {
    const clubId = adminClub(ctx);
    const asked = validateSettings(ctx.request.body);
    // A price for some categories names those the club has after this save (docs/who-plays.md).
    const categories = asked.categories ?? (await findPlayRules(deps.db, clubId))?.categories ?? [];
    const fieldErrors = [
      ...localRulesErrors(asked),
      ...courtNamesErrors(asked.court_names ?? {}, asked.courts_count),
      ...priceErrors(asked.prices ?? [], asked),
      ...categoriesErrors(asked),
      ...priceCategoryErrors(
        asked.prices ?? [],
        categories.map((c) => c.id),
      ),
      ...sepaCreditorErrors(asked.sepa),
    ];
    if (fieldErrors.length) throw badRequest(fieldErrors);
    // The club's IBAN and Gläubiger-ID are recorded as banks write them: capitals, no spaces.
    const settings = asked.sepa === undefined ? asked : { ...asked, sepa: recordedSepaCreditor(asked.sepa) };
    // Another club's name, or one that looks like it, is refused before anything is decided.
    if (await clubNameTaken(deps.db, settings.name, clubId)) throw clubNameRefused();
    const actor = sessionUser(ctx);
    const command = {
      type: 'ChangeClubSettings',
      club_id: clubId,
      actor: { user_id: actor._id, role: actor.role },
      settings,
    } as const;
    const outcome = await handleCommand(deps.db, clubId, changeClubSettingsCommand, command, clock()).catch(
      (error: unknown) => {
        // A club that took the name in the meantime: the unique index on folded names says so.
        throw isClubNameConflict(error) ? clubNameRefused() : error;
      },
    );
    const [changed] = eventsOrThrow(outcome);
    const data = changed?.type === 'ClubSettingsChanged' ? changed.data.after : settings;
    const club = await findClub(deps.db, clubId);
    ctx.body = { message: adminTexts.settingsSaved, data: { ...club, ...data, _id: clubId } };
  });

  router.get('/changes', async (ctx) => {
    ctx.body = await listChanges(deps.db, adminClub(ctx));
  });

  /**
   * "Stand am": `at` (ISO time) or `position`, and optionally `date` to keep only that day's grid;
   * answered in pages (`limit`, `after` from the previous page's `next`).
   */
  router.get('/as-of', async (ctx) => {
    const clubId = adminClub(ctx);
    const cut = asOfCut(ctx, deps.clock());
    const date = ctx.query.date;
    if (date !== undefined && (typeof date !== 'string' || !isIsoDate(date))) {
      throw badRequest(invalidDateText);
    }
    const page = asOfPageRequest(ctx);
    // The past may be read a moment late (docs/scaling.md): the replica, while it keeps up.
    const reads = deps.laggingReads.db();
    const { clubSeq, rows } = await reservationsAtCut(reads, clubId, cut, AS_OF_EVENTS_PER_READ);
    const current = await findClubSettings(reads, clubId);
    if (!current) throw notFound(adminTexts.clubNotFound);
    const shown = typeof date === 'string' ? rows.filter((r) => occursOn(r, date)) : rows;
    ctx.body = {
      position: clubSeq,
      club: { _id: clubId, ...settingsAt(await settingsChanges(reads, clubId), cut, current) },
      ...asOfPage(shown, page.after, page.limit),
    };
  });

  const member = object({
    _id: id,
    first_name: text,
    last_name: text,
    email: text,
    role: { enum: ROLES },
    status: { enum: memberStatuses },
    category_id: orNull(text),
    birth_year: orNull(integer),
    category: text,
    upcoming_bookings: integer,
  });
  const members = message({ data: listOf(member) });
  const asOfQuery: Record<string, QueryParameter> = {
    ...clubQuery,
    at: {
      description: 'Der Zeitpunkt (ISO 8601), nicht in der Zukunft; oder statt seiner `position`.',
      schema: { type: 'string', format: 'date-time' },
    },
    position: {
      description: 'Die Ereignisnummer des Vereins, bis zu der gelesen wird.',
      schema: { type: 'integer', minimum: 0 },
    },
    date: { description: 'Nur die Buchungen dieses Tages (JJJJ-MM-TT).', schema: isoDate },
    limit: {
      description: `Höchstens so viele Buchungen (1 bis ${AS_OF_PAGE}).`,
      schema: { type: 'integer', minimum: 1, maximum: AS_OF_PAGE },
    },
    after: { description: 'Die Fortsetzung: `next.after` der vorigen Seite.', schema: text },
  };
  const memberPath = { 404: 'Dieses Mitglied gibt es im Verein nicht.' } as const;
  return describeRoutes(router, 'Verwaltung', {
    'GET /api/admin/members': {
      summary: 'Alle Mitglieder des Vereins, mit ihren kommenden Buchungen gezählt',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Nach Nachnamen geordnet.', schema: listOf(member) } },
    },
    'PUT /api/admin/members/:id/status': {
      summary: 'Ein Mitglied bestätigen, ablehnen, deaktivieren oder wieder aktivieren',
      access: 'admin',
      query: clubQuery,
      body: object({ status: { enum: memberStatuses } }),
      answers: { 200: { description: 'Geändert; dazu alle Mitglieder.', schema: members } },
      refusals: { ...memberPath, 409: 'Dieser Wechsel ist nicht erlaubt.' },
    },
    'POST /api/admin/members/:id/cancel-upcoming': {
      summary: 'Alle kommenden Buchungen eines Mitglieds stornieren',
      access: 'admin',
      query: clubQuery,
      answers: {
        200: {
          description: 'Storniert; wie viele, und alle Mitglieder.',
          schema: message({ cancelled: integer, data: listOf(member) }),
        },
      },
      refusals: memberPath,
    },
    'PUT /api/admin/members/:id/role': {
      summary: 'Einem Mitglied die Rolle Admin geben oder nehmen',
      access: 'admin',
      query: clubQuery,
      body: object({ role: { enum: ROLES } }),
      answers: { 200: { description: 'Geändert; dazu alle Mitglieder.', schema: members } },
      refusals: { ...memberPath, 409: 'Dieser Wechsel ist nicht erlaubt (etwa der letzte Admin).' },
    },
    'GET /api/admin/club': {
      summary: 'Die Einstellungen des Vereins, Platzordnung und Spielregeln eingeschlossen',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Die Einstellungen.', schema: club } },
      refusals: { 404: 'Den Verein gibt es nicht.' },
    },
    'PUT /api/admin/club': {
      summary: 'Die Einstellungen des Vereins ändern',
      access: 'admin',
      query: clubQuery,
      body: clubSettingsSchema,
      answers: {
        200: { description: 'Gespeichert; dazu die Einstellungen.', schema: message({ data: club }) },
      },
    },
    'GET /api/admin/changes': {
      summary: 'Die Änderungen an Mitgliedern und Einstellungen, der Reihe nach',
      access: 'admin',
      query: clubQuery,
      answers: {
        200: {
          description: 'Neueste zuerst; `position` ist die Ereignisnummer des Vereins.',
          schema: listOf(
            object({
              kind: { enum: Object.values(CHANGE_KINDS) },
              position: integer,
              data: { type: 'object' },
              occurred_at: text,
              actor: object({ _id: id, first_name: orNull(text), last_name: orNull(text) }),
            }),
          ),
        },
      },
    },
    'GET /api/admin/as-of': {
      summary: '„Stand am“: die Buchungen und Einstellungen zu einem Zeitpunkt, seitenweise',
      access: 'admin',
      query: asOfQuery,
      answers: {
        200: {
          description: 'Die Seite; `next` ist null auf der letzten.',
          schema: object({
            position: integer,
            club: object({ _id: id }),
            data: listOf(reservation),
            next: orNull(object({ after: text })),
          }),
        },
      },
      refusals: { 404: 'Den Verein gibt es nicht.' },
    },
  });
}
