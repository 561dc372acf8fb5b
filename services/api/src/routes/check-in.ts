/**
 * Check-in (docs/check-in.md): "Ich bin da" in the app, the PIN a member sets for the clubhouse
 * screen, the tap on the screen, what a member sees of their own check-ins and pause, and the
 * admins' list of no-shows with forgiving one.
 */
import Router from '@koa/router';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import {
  checkInPinSchema,
  screenCheckInSchema,
  type CheckInPinBody,
  type ScreenCheckInBody,
} from '@platzbuchung/domain/check-in/schemas';
import { clubNow } from '@platzbuchung/domain/club-time';
import { courtName } from '@platzbuchung/domain/courts';
import { displayTexts } from '@platzbuchung/domain/display/texts';
import type { Role } from '@platzbuchung/domain/types';
import { giveBackAll, takeAll, type Charge } from '../accounts/rate-limits';
import { findClub } from '../accounts/users-store';
import { checkInCommand, forgiveNoShowCommand } from '../commands/check-in';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import type { AppDeps } from '../deps';
import { findDisplay } from '../display/links';
import {
  clubQuery,
  id,
  isoDate,
  listOf,
  message,
  object,
  orNull,
  text,
  withData,
} from '../http/answer-schemas';
import { describeRoutes } from '../http/api-description';
import { assertAdminOf, assertOwnClub, requireActiveMember, requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { checkedInDates, checkInSettingsOf, listNoShows, openOnCourt, pauseOf } from '../check-in/reads';

const bool = { type: 'boolean' } as const;
const minutes = { type: 'integer' } as const;

const validatePin = validator<CheckInPinBody>(checkInPinSchema);
const validateScreenCheckIn = validator<ScreenCheckInBody>(screenCheckInSchema);

export function checkInRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits } = deps;
  const router = new Router<AppState>({ prefix: '/api' });
  const clock = commandClock(deps);

  /** "Ich bin da": the booker or a named member, in the window. */
  router.post('/reservations/:id/check-in', requireActiveMember(db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = assertOwnClub(user, ctx.query.club_id);
    if (!isUuid(ctx.params.id)) throw notFound(checkInTexts.noShowNotFound);
    const command = {
      type: 'CheckIn' as const,
      reservation_id: ctx.params.id,
      actor: { user_id: user._id, role: user.role },
      at: deps.clock(),
    };
    eventsOrThrow(await handleCommand(db, clubId, checkInCommand, command, clock()));
    ctx.body = { message: checkInTexts.checkedIn };
  });

  /** The member's own state: the setting, their pause, the dates checked in for, whether a PIN is set. */
  router.get('/account/check-in', requireActiveMember(db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = assertOwnClub(user, ctx.query.club_id);
    const club = await findClub(db, clubId);
    if (!club) throw notFound(checkInTexts.noShowNotFound);
    const settings = await checkInSettingsOf(db, clubId);
    const today = clubNow(club.time_zone, deps.clock()).date;
    const pin: { check_in_pin_hash: string | null } | undefined = await db('users')
      .where({ id: user._id })
      .first('check_in_pin_hash');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      settings,
      time_zone: club.time_zone,
      paused_until: await pauseOf(db, clubId, user._id, settings, today),
      checked_in: settings.required ? await checkedInDates(db, clubId, today) : [],
      has_pin: Boolean(pin?.check_in_pin_hash),
    };
  });

  /** The PIN for the clubhouse screen, hashed like a password. */
  router.put('/account/pin', requireLogin(db), async (ctx) => {
    const body = validatePin(ctx.request.body);
    const user = sessionUser(ctx);
    await db('users')
      .where({ id: user._id })
      .update({ check_in_pin_hash: await hasher.hash(body.pin) });
    ctx.state.logger.info({ userId: user._id }, 'check-in pin set');
    ctx.body = { message: checkInTexts.pinSaved };
  });

  /** Whether the screen offers check-in: only where the club asks for it. */
  router.get('/display/:secret/check-in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const owner = await findDisplay(db, ctx.params.secret ?? '');
    if (!owner) throw notFound(displayTexts.linkGone);
    ctx.body = { required: (await checkInSettingsOf(db, owner.clubId)).required };
  });

  /**
   * A tap at the clubhouse screen: the court and a PIN. Each attempt is counted like a login, from
   * that client and at that screen; the answer never names whose PIN it was.
   */
  router.post('/display/:secret/check-in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const owner = await findDisplay(db, ctx.params.secret ?? '');
    if (!owner) throw notFound(displayTexts.linkGone);
    const body = validateScreenCheckIn(ctx.request.body);
    const club = await findClub(db, owner.clubId);
    if (!club) throw notFound(displayTexts.linkGone);
    const settings = await checkInSettingsOf(db, club._id);
    if (!settings.required) throw badRequest(checkInTexts.notRequired);
    const charges: Charge[] = [
      [rateLimits.loginByClient, ctx.ip],
      [rateLimits.loginByEmail, `aushang ${club._id}`],
    ];
    await takeAll(charges);
    const at = deps.clock();
    const found = await pinOwner(
      club._id,
      await openOnCourt(db, club, settings, body.court_num, at),
      body.pin,
    );
    if (!found) throw forbidden(checkInTexts.pinUnknown);
    await giveBackAll(charges);
    const command = {
      type: 'CheckIn' as const,
      reservation_id: found.reservation_id,
      actor: found.actor,
      at,
    };
    eventsOrThrow(await handleCommand(db, club._id, checkInCommand, command, clock()));
    ctx.body = { message: checkInTexts.screenCheckedIn(courtName(club, body.court_num)) };
  });

  /** Among the members of the open bookings, the one whose PIN this is. */
  async function pinOwner(
    clubId: string,
    open: Awaited<ReturnType<typeof openOnCourt>>,
    pin: string,
  ): Promise<{ reservation_id: string; actor: { user_id: string; role: Role } } | null> {
    for (const booking of open) {
      const members: { id: string; role: Role; check_in_pin_hash: string }[] = await db('users')
        .where({ club_id: clubId, status: 'active' })
        .whereIn('id', booking.members)
        .whereNotNull('check_in_pin_hash')
        .select('id', 'role', 'check_in_pin_hash');
      for (const member of members) {
        if (await hasher.verify(pin, member.check_in_pin_hash)) {
          return {
            reservation_id: booking.reservation._id,
            actor: { user_id: member.id, role: member.role },
          };
        }
      }
    }
    return null;
  }

  router.get('/admin/no-shows', requireActiveMember(db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await listNoShows(db, clubId) };
  });

  router.delete('/admin/no-shows/:id', requireActiveMember(db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = assertAdminOf(user, ctx.query.club_id);
    if (!isUuid(ctx.params.id)) throw notFound(checkInTexts.noShowNotFound);
    const row: { reservation_id: string } | undefined = await db('no_shows')
      .where({ id: ctx.params.id, club_id: clubId })
      .first('reservation_id');
    if (!row) throw notFound(checkInTexts.noShowNotFound);
    const command = {
      type: 'ForgiveNoShow' as const,
      no_show_id: ctx.params.id,
      reservation_id: row.reservation_id,
      actor: { user_id: user._id, role: user.role },
    };
    eventsOrThrow(await handleCommand(db, clubId, forgiveNoShowCommand, command, clock()));
    ctx.status = 204;
  });

  const settings = object({
    required: bool,
    opens_min: minutes,
    release_after_min: minutes,
    strikes: minutes,
    strike_days: minutes,
    pause_days: minutes,
  });
  return describeRoutes(router, 'Check-in', {
    'POST /api/reservations/:id/check-in': {
      summary: '„Ich bin da“: für eine eigene Buchung oder eine, in der man eingetragen ist, einchecken',
      access: 'member',
      query: clubQuery,
      answers: { 200: { description: 'Eingecheckt.', schema: message() } },
      refusals: {
        400: 'Außerhalb des Zeitfensters, oder der Verein verlangt keinen Check-in.',
        403: 'Weder gebucht noch eingetragen.',
        404: 'Diese Buchung gibt es nicht.',
      },
    },
    'GET /api/account/check-in': {
      summary: 'Der Check-in des Vereins, die eigene Pause, eingecheckte Termine und ob eine PIN gesetzt ist',
      access: 'member',
      query: clubQuery,
      answers: {
        200: {
          description: 'Der eigene Stand.',
          schema: object({
            settings,
            time_zone: text,
            paused_until: orNull(isoDate),
            checked_in: listOf(object({ reservation_id: id, date: isoDate })),
            has_pin: bool,
          }),
        },
      },
    },
    'PUT /api/account/pin': {
      summary: 'Die 4-stellige PIN für den Check-in am Aushang setzen',
      access: 'login',
      body: checkInPinSchema,
      answers: { 200: { description: 'Gespeichert.', schema: message() } },
    },
    'GET /api/display/:secret/check-in': {
      summary: 'Ob der Aushang den Check-in anbietet',
      access: 'secret-link',
      answers: {
        200: { description: 'Ob der Verein Check-in verlangt.', schema: object({ required: bool }) },
      },
      refusals: { 404: 'Diesen Link gibt es nicht (mehr).' },
    },
    'POST /api/display/:secret/check-in': {
      summary: 'Am Aushang einchecken: Platz und PIN',
      access: 'secret-link',
      body: screenCheckInSchema,
      answers: { 200: { description: 'Eingecheckt; nennt niemanden.', schema: message() } },
      refusals: {
        400: 'Der Verein verlangt keinen Check-in.',
        403: 'Zu dieser PIN gibt es jetzt keine Reservierung auf diesem Platz.',
        404: 'Diesen Link gibt es nicht (mehr).',
        429: 'Zu viele Versuche.',
      },
    },
    'GET /api/admin/no-shows': {
      summary: 'Die Versäumnisse der Mitglieder, die noch zählen',
      access: 'admin',
      query: clubQuery,
      answers: {
        200: {
          description: 'Neueste zuerst.',
          schema: withData(
            listOf(
              object({
                _id: id,
                user_id: id,
                first_name: text,
                last_name: text,
                date: isoDate,
                released_at: text,
              }),
            ),
          ),
        },
      },
    },
    'DELETE /api/admin/no-shows/:id': {
      summary: 'Ein Versäumnis erlassen',
      access: 'admin',
      query: clubQuery,
      answers: { 204: { description: 'Erlassen.', media: 'none' } },
      refusals: { 404: 'Dieses Versäumnis gibt es nicht (mehr).' },
    },
  });
}
