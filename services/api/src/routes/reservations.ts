import { newId } from '../ids';
import { MAX_COURTS } from '@platzbuchung/domain/shapes';
import Router from '@koa/router';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import { CLUB_SEQ_HEADER } from '@platzbuchung/domain/live/changes';
import { listWindowWithoutRange } from '@platzbuchung/domain/reservations/list-window';
import { occursBetween } from '@platzbuchung/domain/recurrence';
import {
  changeReservationSchema,
  deleteReservationSchema,
  type ChangeReservationBody,
  makeReservationSchema,
  type DeleteReservationBody,
  type MakeReservationBody,
} from '@platzbuchung/domain/reservations/schemas';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { Reservation, SessionUser } from '@platzbuchung/domain/types';
import type { AppDeps } from '../deps';
import { assertOwnClub, ownClubFromQuery, requireActiveMember, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { requestedRange, type DateRange } from '../http/date-range';
import { HttpError, badRequest, notFound } from '../http/errors';
import { asSentence, isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, dayRangeQuery, id, listOf, reservation, reservationList } from '../http/answer-schemas';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import {
  bookCourtsCommand,
  changeGroupCommand,
  changeReservationCommand,
  deleteGroupCommand,
  deleteReservationCommand,
  makeReservationCommand,
} from '../commands/reservations';
import { listReservationsJson } from '../reservations/window-list';
import { requestedPlayers } from './reservation-players';
import {
  bookedBefore,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyOf,
  isTakenStreamId,
  keyedIds,
} from '../reservations/idempotent-booking';
import { takeAll } from '../accounts/rate-limits';
import { lastClubSeq } from '../events/store';
import { acceptsGzip } from '../http/compression';
import {
  ReservationListCache,
  listBody,
  listEtag,
  newBookings,
  type ListedReservation,
} from '../reservations/list-cache';

// Reservation calls answer `{error: "text"}`: field errors become one sentence.
const validateMake = validator<MakeReservationBody>(makeReservationSchema, asSentence);
const validateDelete = validator<DeleteReservationBody>(deleteReservationSchema, asSentence);
const validateChange = validator<ChangeReservationBody>(changeReservationSchema, asSentence);

/**
 * `user_id` narrows the list to one member's bookings (a member's own list: /bookings and the
 * grid's limit count), so the club's whole year need not travel to find them. It must name a
 * member of the club (404 otherwise): each member's list is kept apart, and ids of nobody would
 * only fill the club's kept lists with empty ones.
 */
async function requestedMember(ctx: AppContext, deps: AppDeps, clubId: string): Promise<string | undefined> {
  const { user_id: userId } = ctx.query;
  if (userId === undefined) return undefined;
  if (typeof userId !== 'string' || !isUuid(userId)) throw badRequest(reservationTexts.unknownMember);
  if (userId === sessionUser(ctx)._id) return userId;
  const member = await deps.db('users').where({ id: userId, club_id: clubId }).first('id');
  if (!member) throw notFound(reservationTexts.memberNotInClub);
  return userId;
}

/**
 * The days a list covers: the ones the request names, else the window around today that keeps the
 * original client's screens whole (domain `listWindowWithoutRange`). Never the club's whole history.
 */
function listWindow(ctx: AppContext, deps: AppDeps): DateRange {
  return requestedRange(ctx) ?? listWindowWithoutRange(deps.clock());
}

/** A list's window and whose bookings (or everyone's); with the club, the key it is kept under. */
function windowName(range: DateRange, userId?: string): string {
  return `${range.from}..${range.to}${userId ? `|${userId}` : ''}`;
}

/** The reservations of the club in `range`, in order, read from the database. */
async function readList(
  deps: AppDeps,
  clubId: string,
  range: DateRange,
  userId?: string,
): Promise<ListedReservation[]> {
  const rows = await listReservationsJson(deps.db, clubId, range, userId);
  // Single bookings come back exact from SQL; only a series needs the recurrence rule.
  return rows.filter(
    (row) => !row.recurring || occursBetween(JSON.parse(row.json) as Reservation, range.from, range.to),
  );
}

/**
 * The list a command's answer carries, as of its events or later: the kept list with the new
 * bookings put in where the command only booked and the list it was made on is kept; read
 * otherwise. Either way it is kept for the page views that follow.
 */
async function listAfter(
  deps: AppDeps,
  cache: ReservationListCache,
  clubId: string,
  range: DateRange,
  events: readonly EventEnvelope[],
): Promise<string> {
  const window = windowName(range);
  const booked = newBookings(events, range);
  const advanced = booked && cache.advance(clubId, window, booked);
  if (advanced) return advanced.body();
  const rows = await readList(deps, clubId, range);
  // Read after the commit, so it holds the command's events: it is valid at the last of them.
  const last = events.at(-1)?.club_seq;
  if (last !== undefined) cache.set(clubId, window, last, rows);
  return listBody(rows);
}

/** An answer carrying the refreshed list, `{"data": [...]}`, without parsing the list again. */
function withList(ctx: AppContext, list: string): void {
  ctx.type = 'application/json';
  ctx.body = `{"data":${list}}`;
}

function ownClubFromQueryOrBody(ctx: AppContext, user: SessionUser, bodyClubId: unknown): string {
  const queryClubId = ctx.query.club_id;
  // Two different clubs in one request: which one was meant is a guess, so neither is taken.
  if (queryClubId !== undefined && bodyClubId !== undefined && queryClubId !== bodyClubId) {
    throw badRequest(texts.clubIdMismatch);
  }
  return assertOwnClub(user, queryClubId ?? bodyClubId ?? user.club_id);
}

/**
 * A booking for a child (docs/who-plays.md, "Families"): only one of the member's own children, on
 * one court; the decider then books in the child's name by the child's rules.
 */
async function childBookedFor(
  db: AppDeps['db'],
  user: SessionUser,
  clubId: string,
  body: MakeReservationBody,
): Promise<{ on_behalf_of?: string }> {
  if (body.on_behalf_of === undefined) return {};
  if (body.court_nums !== undefined) throw badRequest(reservationTexts.childOneCourt);
  const child = await db('users')
    .where({ id: body.on_behalf_of, parent_id: user._id, club_id: clubId })
    .first('id');
  if (!child) throw badRequest(reservationTexts.notYourChild);
  return { on_behalf_of: body.on_behalf_of };
}

/** A booking of one of the member's children, which the member cancels as their own (docs/who-plays.md, "Families"). */
async function childsBooking(
  db: AppDeps['db'],
  user: SessionUser,
  reservationId: string,
): Promise<{ on_behalf_of?: string }> {
  const row: { user_id: string } | undefined = await db('reservations as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where({ 'r.id': reservationId, 'u.parent_id': user._id })
    .first('r.user_id');
  return row ? { on_behalf_of: row.user_id } : {};
}

export function reservationRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const clock = commandClock(deps);

  const cache = new ReservationListCache();

  router.get('/reservations', requireActiveMember(deps.db), async (ctx) => {
    const clubId = ownClubFromQuery(ctx, sessionUser(ctx));
    const range = listWindow(ctx, deps);
    const userId = await requestedMember(ctx, deps, clubId);
    const window = windowName(range, userId);
    // The club's event number first, the list after: a list is then never older than the number
    // it is kept under. The session's lookup read the member's club's number already.
    const atStart = ctx.state.clubSeqAtStart;
    const clubSeq = atStart?.club_id === clubId ? atStart.club_seq : await lastClubSeq(deps.db, clubId);
    const etag = listEtag(clubId, clubSeq, window);
    ctx.set(CLUB_SEQ_HEADER, String(clubSeq));
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', etag);
    ctx.vary('Accept-Encoding');
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    const list =
      cache.get(clubId, window, clubSeq) ??
      cache.set(clubId, window, clubSeq, await readList(deps, clubId, range, userId));
    ctx.type = 'application/json';
    if (acceptsGzip(ctx.get('Accept-Encoding'))) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await list.gzipped();
    } else ctx.body = list.body();
  });

  /** Make (no `reservation_id`) or delete (`?reservation_id=…` with `form_method: 'delete'`). */
  router.post('/reservations', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const range = listWindow(ctx, deps);
    const reservationId = ctx.query.reservation_id;
    const actor = { user_id: user._id, role: user.role };
    let clubId: string;
    let result;
    if (reservationId !== undefined) {
      const body = validateDelete(ctx.request.body);
      clubId = ownClubFromQueryOrBody(ctx, user, body.club_id);
      if (!isUuid(reservationId)) {
        throw notFound(reservationTexts.reservationNotFound);
      }
      const deletion = {
        reservation_id: reservationId,
        actor,
        ...(await childsBooking(deps.db, user, reservationId)),
        date: body.date,
        delete_type: body.delete_type,
      };
      result = body.whole_group
        ? await handleCommand(
            deps.db,
            clubId,
            deleteGroupCommand,
            { type: 'DeleteGroup', ...deletion },
            clock(),
          )
        : await handleCommand(
            deps.db,
            clubId,
            deleteReservationCommand,
            { type: 'DeleteReservation', ...deletion },
            clock(),
          );
    } else {
      const body = validateMake(ctx.request.body);
      clubId = ownClubFromQueryOrBody(ctx, user, body.club_id);
      // The user comes from the session; a body naming someone else is refused, not silently rewritten.
      if (body.user_id !== undefined && body.user_id !== user._id) throw new HttpError(403, texts.forbidden);
      const forChild = await childBookedFor(deps.db, user, clubId, body);
      const booking = {
        ...forChild,
        actor,
        start_time: body.start_time,
        end_time: body.end_time,
        date: body.date,
        label: body.label ?? null,
        recurring: body.recurring ?? false,
        players: requestedPlayers(body.players ?? []),
      };
      if ((body.court_num === undefined) === (body.court_nums === undefined)) {
        throw badRequest(reservationTexts.oneOfCourtOrCourts);
      }
      const courts = body.court_nums ?? [body.court_num!];
      const key = idempotencyKeyOf(ctx.get(IDEMPOTENCY_KEY_HEADER) || undefined);
      // A keyed request names its ids (the group's last), so asking again finds the first answer's booking.
      const ids = key
        ? keyedIds(user._id, key, courts.length + 1)
        : courts.map(() => newId()).concat(newId());
      const asked = {
        court_num: courts[0]!,
        date: body.date,
        start_time: body.start_time,
        end_time: body.end_time,
      };
      const repeated = () => (key ? bookedBefore(deps.db, ids[0]!, user._id, asked) : false);
      const book = () =>
        body.court_nums
          ? handleCommand(
              deps.db,
              clubId,
              bookCourtsCommand,
              {
                type: 'BookCourts',
                group_id: ids.at(-1)!,
                reservation_ids: ids.slice(0, -1),
                court_nums: body.court_nums,
                ...booking,
              },
              clock(),
            )
          : handleCommand(
              deps.db,
              clubId,
              makeReservationCommand,
              { type: 'MakeReservation', reservation_id: ids[0]!, court_num: body.court_num!, ...booking },
              clock(),
            );
      // Only a keyed request that did not book asks whether its key booked before: a clash with
      // itself (decided before it, in its batch or committed earlier), or its ids taken by that
      // booking once the hour was given up again. A first request pays no extra read.
      let bookedAlready = false;
      try {
        result = await book();
        if (key && result && !result.ok) bookedAlready = await repeated();
      } catch (error) {
        if (!(key && isTakenStreamId(error))) throw error;
        bookedAlready = await repeated();
        if (!bookedAlready) throw error;
      }
      if (bookedAlready) {
        ctx.status = 201;
        withList(ctx, await listAfter(deps, cache, clubId, range, []));
        return;
      }
    }
    const events = eventsOrThrow(result);
    ctx.status = reservationId === undefined ? 201 : 200;
    withList(ctx, await listAfter(deps, cache, clubId, range, events));
  });

  /** Another court, day or hours for a booking; for a series, `scope` and `occurrence_date` say which. */
  router.put('/reservations/:id', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const range = listWindow(ctx, deps);
    const body = validateChange(ctx.request.body);
    const clubId = ownClubFromQueryOrBody(ctx, user, body.club_id);
    if (!isUuid(ctx.params.id)) throw notFound(reservationTexts.reservationNotFound);
    const { club_id: _club, players, ...slot } = body;
    // Each change of the players may mail everyone named or taken off (docs/security/cost.md).
    if (players !== undefined) await takeAll([[deps.rateLimits.playerChangesByReservation, ctx.params.id!]]);
    const command = {
      type: 'ChangeReservation',
      reservation_id: ctx.params.id!,
      new_reservation_id: newId(),
      actor: { user_id: user._id, role: user.role },
      ...slot,
      label: slot.label ?? null,
      ...(players === undefined ? {} : { players: requestedPlayers(players) }),
    } as const;
    const { whole_group: wholeGroup, ...change } = command;
    const events = eventsOrThrow(
      wholeGroup
        ? await handleCommand(
            deps.db,
            clubId,
            changeGroupCommand,
            {
              ...change,
              type: 'ChangeGroup',
              new_reservation_ids: Array.from({ length: MAX_COURTS }, () => newId()),
              new_group_id: newId(),
            },
            clock(),
          )
        : await handleCommand(deps.db, clubId, changeReservationCommand, change, clock()),
    );
    withList(ctx, await listAfter(deps, cache, clubId, range, events));
  });

  const listQuery = { ...clubQuery, ...dayRangeQuery() };
  const refreshed = (description: string) => ({ description, schema: reservationList });
  const refusals = {
    404: 'Diese Buchung gibt es nicht.',
    409: 'Die Buchung verstößt gegen eine Regel des Vereins (Satz nennt sie).',
    429: 'Zu viele Änderungen in kurzer Zeit.',
  } as const;
  return describeRoutes(router, 'Reservierungen', {
    'GET /api/reservations': {
      summary: 'Die Buchungen des Vereins in einem Zeitraum',
      description:
        'Ohne `from`/`to` das Fenster um heute, das die Bildschirme zeigen. Mit `If-None-Match` 304, solange sich nichts änderte; der Header `X-Club-Seq` nennt den Stand.',
      access: 'member',
      query: { ...listQuery, user_id: { description: 'Nur die Buchungen dieses Mitglieds.', schema: id } },
      answers: {
        200: { description: 'Die Buchungen.', schema: listOf(reservation) },
        304: { description: 'Unverändert seit dem genannten ETag.', media: 'none' },
      },
      refusals: { 404: 'Dieses Mitglied gibt es im Verein nicht.' },
    },
    'POST /api/reservations': {
      summary: 'Einen oder mehrere Plätze buchen; mit `?reservation_id=` eine Buchung stornieren',
      description:
        'Buchen: `court_num` oder `court_nums` (eine Gruppe). Stornieren: `reservation_id` in der Query und `delete_type` im Körper. Mit dem Header `Idempotency-Key` (8–64 Zeichen: Buchstaben, Ziffern, `-`, `_`) lässt sich eine Buchung gefahrlos erneut senden, etwa wenn die Antwort beim Ausfall der Datenbank verloren ging: dieselbe Anfrage wird wie die erste mit 201 beantwortet und einmal gebucht; derselbe Schlüssel für eine andere Buchung ist ein 409.',
      access: 'member',
      query: { ...listQuery, reservation_id: { description: 'Die zu stornierende Buchung.', schema: id } },
      body: { anyOf: [makeReservationSchema, deleteReservationSchema] },
      answers: {
        200: refreshed('Storniert; dazu die Buchungen des Fensters.'),
        201: refreshed('Gebucht; dazu die Buchungen des Fensters.'),
      },
      refusals,
    },
    'PUT /api/reservations/:id': {
      summary: 'Eine Buchung ändern: Platz, Tag, Stunden, Bezeichnung oder Mitspieler',
      description: 'Bei einer Serie sagen `scope` und `occurrence_date`, welche Termine.',
      access: 'member',
      query: listQuery,
      body: changeReservationSchema,
      answers: { 200: refreshed('Geändert; dazu die Buchungen des Fensters.') },
      refusals,
    },
  });
}
