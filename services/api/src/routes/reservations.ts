import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { daysBetween, isIsoDate } from '@platzbuchung/domain/dates';
import type { ReservationErrorKind } from '@platzbuchung/domain/reservations/decision';
import { occursBetween } from '@platzbuchung/domain/reservations/recurrence';
import {
  MAX_RANGE_DAYS,
  deleteReservationSchema,
  makeReservationSchema,
  type DeleteReservationBody,
  type MakeReservationBody,
} from '@platzbuchung/domain/reservations/schemas';
import { texts } from '@platzbuchung/domain/texts';
import type { Reservation, SessionUser } from '@platzbuchung/domain/types';
import type { AppDeps } from '../deps';
import { assertOwnClub, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { HttpError, badRequest, notFound } from '../http/errors';
import { asSentence, isUuid, validator } from '../http/validate';
import { handleReservationCommand, listReservations } from '../reservations/commands';
import { ReservationListCache, clubLogPosition, listEtag } from '../reservations/list-cache';

const STATUS_OF: Record<ReservationErrorKind, number> = {
  conflict: 409,
  limit: 409,
  past: 400,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
};

// Reservation calls answer `{error: "text"}` (SPEC section 7): field errors become one sentence.
const validateMake = validator<MakeReservationBody>(makeReservationSchema, asSentence);
const validateDelete = validator<DeleteReservationBody>(deleteReservationSchema, asSentence);

interface DateRange {
  from: string;
  to: string;
}

const rangeError = (message: string) => badRequest(message);

/** `from`/`to` (YYYY-MM-DD, inclusive) narrow the answer to what a screen shows. */
function requestedRange(ctx: AppContext): DateRange | undefined {
  const { from, to } = ctx.query;
  if (from === undefined && to === undefined) return undefined;
  if (typeof from !== 'string' || typeof to !== 'string' || !isIsoDate(from) || !isIsoDate(to)) {
    throw rangeError('Bitte geben Sie „from“ und „to“ als Datum (JJJJ-MM-TT) an.');
  }
  const days = daysBetween(from, to);
  if (days < 0) throw rangeError('„to“ darf nicht vor „from“ liegen.');
  if (days > MAX_RANGE_DAYS) throw rangeError(`Der Zeitraum darf höchstens ${MAX_RANGE_DAYS} Tage umfassen.`);
  return { from, to };
}

async function reservationsFor(
  deps: AppDeps,
  clubId: string,
  range: DateRange | undefined,
): Promise<Reservation[]> {
  const rows = await listReservations(deps.db, clubId, range);
  // Single bookings come back exact from SQL; only a series needs the recurrence rule.
  return range ? rows.filter((r) => !r.recurring || occursBetween(r, range.from, range.to)) : rows;
}

function ownClubFromQueryOrBody(ctx: AppContext, user: SessionUser, bodyClubId: unknown): string {
  return assertOwnClub(user, ctx.query.club_id ?? bodyClubId ?? user.club_id);
}

export function reservationRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const clock = () => ({ now: deps.clock(), timeZone: deps.config.timeZone });

  const cache = new ReservationListCache();

  router.get('/reservations', requireLogin(deps.db), async (ctx) => {
    const clubId = assertOwnClub(sessionUser(ctx), ctx.query.club_id);
    const range = requestedRange(ctx);
    const window = range ? `${range.from}..${range.to}` : 'all';
    // The position first, the list after: a list is then never older than the position it is kept under.
    const position = await clubLogPosition(deps.db, clubId);
    const etag = listEtag(clubId, position, window);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', etag);
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    const key = `${clubId}|${window}`;
    let body = cache.get(key, position);
    if (body === undefined) {
      body = JSON.stringify(await reservationsFor(deps, clubId, range));
      cache.set(key, position, body);
    }
    ctx.type = 'application/json';
    ctx.body = body;
  });

  /** Make (no `reservation_id`) or delete (`?reservation_id=…` with `form_method: 'delete'`). */
  router.post('/reservations', requireLogin(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const range = requestedRange(ctx);
    const reservationId = ctx.query.reservation_id;
    const actor = { user_id: user._id, role: user.role };
    let clubId: string;
    let result;
    if (reservationId !== undefined) {
      const body = validateDelete(ctx.request.body);
      clubId = ownClubFromQueryOrBody(ctx, user, body.club_id);
      if (!isUuid(reservationId)) {
        throw notFound('Diese Reservierung gibt es nicht (mehr).');
      }
      result = await handleReservationCommand(
        deps.db,
        clubId,
        {
          type: 'DeleteReservation',
          reservation_id: reservationId,
          actor,
          date: body.date,
          delete_type: body.delete_type,
        },
        clock(),
      );
    } else {
      const body = validateMake(ctx.request.body);
      clubId = ownClubFromQueryOrBody(ctx, user, body.club_id);
      // The user comes from the session; a body naming someone else is refused, not silently rewritten.
      if (body.user_id !== undefined && body.user_id !== user._id) throw new HttpError(403, texts.forbidden);
      result = await handleReservationCommand(
        deps.db,
        clubId,
        {
          type: 'MakeReservation',
          reservation_id: randomUUID(),
          actor,
          court_num: body.court_num,
          start_time: body.start_time,
          end_time: body.end_time,
          date: body.date,
          label: body.label ?? null,
          recurring: body.recurring ?? false,
        },
        clock(),
      );
    }
    if (!result) throw notFound(texts.clubNotFound);
    if (!result.ok) throw new HttpError(STATUS_OF[result.error.kind], result.error.message);
    ctx.status = reservationId === undefined ? 201 : 200;
    ctx.body = { data: await reservationsFor(deps, clubId, range) };
  });

  return router;
}
