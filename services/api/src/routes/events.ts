import Router from '@koa/router';
import { reservationEventTypes, type ReservationEventType } from '@platzbuchung/domain/reservations/events';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { badRequest } from '../http/errors';
import { isUuid } from '../http/validate';
import { listEvents, type EventFilter } from '../reservations/event-store';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

function single(ctx: AppContext, name: string): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw badRequest(`„${name}“ darf nur einmal angegeben werden.`);
  return value === undefined || value === '' ? undefined : value;
}

function position(ctx: AppContext, name: string): number | undefined {
  const value = single(ctx, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw badRequest(`„${name}“ muss eine Position (Zahl) sein.`);
  return Number(value);
}

function instant(ctx: AppContext, name: string): Date | undefined {
  const value = single(ctx, name);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(`„${name}“ muss ein Zeitpunkt (ISO 8601) sein.`);
  return date;
}

function uuid(ctx: AppContext, name: string): string | undefined {
  const value = single(ctx, name);
  if (value !== undefined && !isUuid(value)) throw badRequest(`„${name}“ ist keine gültige Kennung.`);
  return value;
}

function types(ctx: AppContext): ReservationEventType[] | undefined {
  const raw = ctx.query.type;
  if (raw === undefined) return undefined;
  const names = (Array.isArray(raw) ? raw : raw.split(',')).filter(Boolean);
  for (const name of names) {
    if (!(reservationEventTypes as readonly string[]).includes(name)) {
      throw badRequest(`Unbekannter Ereignistyp „${name}“. Erlaubt: ${reservationEventTypes.join(', ')}.`);
    }
  }
  return names as ReservationEventType[];
}

function limit(ctx: AppContext): number {
  const value = single(ctx, 'limit');
  if (value === undefined) return DEFAULT_LIMIT;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_LIMIT) {
    throw badRequest(`„limit“ muss zwischen 1 und ${MAX_LIMIT} liegen.`);
  }
  return parsed;
}

/**
 * The club's reservation event log for its admins, paginated by position: `after` pages forward
 * (oldest first, for following new events), otherwise newest first with `before` for older pages.
 */
export function eventRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/events', requireLogin(deps.db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const filter: EventFilter = {
      clubId,
      afterPosition: position(ctx, 'after'),
      beforePosition: position(ctx, 'before'),
      types: types(ctx),
      actorId: uuid(ctx, 'user_id'),
      reservationId: uuid(ctx, 'reservation_id'),
      since: instant(ctx, 'since'),
      until: instant(ctx, 'until'),
    };
    const pageSize = limit(ctx);
    const newestFirst = filter.afterPosition === undefined;
    const events = await listEvents(deps.db, filter, { limit: pageSize, newestFirst });
    const actorIds = [...new Set(events.map((e) => e.actor_id))];
    const actors = new Map<string, { _id: string; first_name: string; last_name: string }>(
      (await deps.db('users').whereIn('id', actorIds).select({ _id: 'id' }, 'first_name', 'last_name')).map(
        (a: { _id: string; first_name: string; last_name: string }) => [a._id, a],
      ),
    );
    // What each reservation was when made, so an entry like "Termin abgesagt" can say which booking.
    const streamIds = [...new Set(events.map((e) => e.reservation_id))];
    const made = new Map<string, unknown>(
      (
        await deps
          .db('reservation_events')
          .whereIn('reservation_id', streamIds)
          .andWhere({ type: 'ReservationMade' })
          .select('reservation_id', 'data')
      ).map((row: { reservation_id: string; data: unknown }) => [row.reservation_id, row.data]),
    );
    const last = events.at(-1);
    ctx.body = {
      data: events.map(({ club_id: _club, actor_id, ...event }) => ({
        ...event,
        actor: actors.get(actor_id) ?? { _id: actor_id, first_name: '', last_name: '(gelöscht)' },
        reservation: made.get(event.reservation_id) ?? null,
      })),
      // The cursor for the next page in the same direction, or null at the end.
      next:
        events.length < pageSize || !last
          ? null
          : newestFirst
            ? { before: last.position }
            : { after: last.position },
    };
  });

  return router;
}
