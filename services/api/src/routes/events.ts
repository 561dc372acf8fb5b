import { SYSTEM_ACTOR, SYSTEM_ACTOR_NAME } from '@platzbuchung/domain/decider';
import Router from '@koa/router';
import { eventTypes, isEventType, streamIdOf, type EventType } from '@platzbuchung/domain/events/catalogue';
import { erasedMember } from '@platzbuchung/domain/names';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { badRequest } from '../http/errors';
import { isUuid, parseInstant } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, id, integer, listOf, loggedEvent, object, orNull, text } from '../http/answer-schemas';
import { inClubOrder, listEvents, type EventFilter } from '../events/store';

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
  const date = parseInstant(value);
  if (!date) throw badRequest(`„${name}“ muss ein Zeitpunkt (ISO 8601) zwischen 1970 und 9999 sein.`);
  return date;
}

function uuid(ctx: AppContext, name: string): string | undefined {
  const value = single(ctx, name);
  if (value !== undefined && !isUuid(value)) throw badRequest(`„${name}“ ist keine gültige Kennung.`);
  return value;
}

function types(ctx: AppContext): EventType[] | undefined {
  const raw = ctx.query.type;
  if (raw === undefined) return undefined;
  const names = (Array.isArray(raw) ? raw : raw.split(',')).filter(Boolean);
  for (const name of names) {
    if (!isEventType(name)) {
      throw badRequest(`Unbekannter Ereignistyp „${name}“. Erlaubt: ${eventTypes.join(', ')}.`);
    }
  }
  return names as EventType[];
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
 * The club's event log for its admins, paginated by position: `after` pages forward
 * (oldest first, for following new events), otherwise newest first with `before` for older pages.
 */
/** The system (a release nobody checked in for, docs/check-in.md) by its name; anyone else unknown was erased. */
const systemOrErased = (id: string) =>
  id === SYSTEM_ACTOR.user_id ? { _id: id, first_name: SYSTEM_ACTOR_NAME, last_name: '' } : erasedMember(id);

export function eventRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/events', requireLogin(deps.db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const reservationId = uuid(ctx, 'reservation_id');
    // Positions here are the club's own event numbers (see inClubOrder).
    const filter: EventFilter = {
      clubId,
      afterClubSeq: position(ctx, 'after'),
      beforeClubSeq: position(ctx, 'before'),
      types: types(ctx),
      actorId: uuid(ctx, 'user_id'),
      ...(reservationId ? { streamType: 'reservation', streamId: reservationId } : {}),
      since: instant(ctx, 'since'),
      until: instant(ctx, 'until'),
    };
    const pageSize = limit(ctx);
    const newestFirst = filter.afterClubSeq === undefined;
    // Who asks was read from the primary with the session; the log may be read a moment late
    // (docs/scaling.md): from the replica while it keeps up.
    const reads = deps.laggingReads.db();
    const events = (await listEvents(reads, filter, { limit: pageSize, newestFirst })).map(inClubOrder);
    const actorIds = [...new Set(events.map((e) => e.actor_id))];
    const actors = new Map<string, { _id: string; first_name: string; last_name: string }>(
      (await reads('users').whereIn('id', actorIds).select({ _id: 'id' }, 'first_name', 'last_name')).map(
        (a: { _id: string; first_name: string; last_name: string }) => [a._id, a],
      ),
    );
    // What each reservation was when made, so an entry like "Termin abgesagt" can say which booking.
    const streamIds = [
      ...new Set(events.filter((e) => e.stream_type === 'reservation').map((e) => streamIdOf(e))),
    ];
    const made = new Map<string, unknown>(
      (
        await reads('events')
          .where({ stream_type: 'reservation', type: 'ReservationMade' })
          .whereIn('stream_id', streamIds)
          .select('stream_id', 'data')
      ).map((row: { stream_id: string; data: unknown }) => [row.stream_id, row.data]),
    );
    const last = events.at(-1);
    ctx.body = {
      data: events.map((stored) => {
        const { actor_id, ...event } = stored;
        return {
          ...event,
          // An id without an account is an erased member (docs/privacy-erasure.md).
          actor: actors.get(actor_id) ?? systemOrErased(actor_id),
          reservation: stored.stream_type === 'reservation' ? (made.get(streamIdOf(stored)) ?? null) : null,
        };
      }),
      // The cursor for the next page in the same direction, or null at the end.
      next:
        events.length < pageSize || !last
          ? null
          : newestFirst
            ? { before: last.position }
            : { after: last.position },
    };
  });

  const positionParameter = (description: string) => ({
    description,
    schema: { type: 'integer', minimum: 0 },
  });
  const instantParameter = (description: string) => ({
    description,
    schema: { type: 'string', format: 'date-time' },
  });
  return describeRoutes(router, 'Verwaltung', {
    'GET /api/events': {
      summary: 'Das Ereignisprotokoll des Vereins, seitenweise',
      description:
        'Ohne `after` die neuesten zuerst (ältere mit `before`); mit `after` die älteren zuerst, um neuen zu folgen.',
      access: 'admin',
      query: {
        ...clubQuery,
        after: positionParameter('Nur Ereignisse nach dieser Position.'),
        before: positionParameter('Nur Ereignisse vor dieser Position.'),
        type: { description: 'Nur diese Ereignistypen, durch Kommas getrennt.', schema: text },
        user_id: { description: 'Nur Ereignisse, die dieses Mitglied auslöste.', schema: id },
        reservation_id: { description: 'Nur Ereignisse dieser Buchung.', schema: id },
        since: instantParameter('Nur Ereignisse ab diesem Zeitpunkt (ISO 8601).'),
        until: instantParameter('Nur Ereignisse bis zu diesem Zeitpunkt (ISO 8601).'),
        limit: {
          description: `Höchstens so viele (1 bis ${MAX_LIMIT}, sonst ${DEFAULT_LIMIT}).`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
        },
      },
      answers: {
        200: {
          description: 'Die Seite; `next` ist die Fortsetzung, oder null am Ende.',
          schema: object({
            data: listOf(
              object({
                ...loggedEvent.properties,
                actor: { type: 'object' },
                reservation: orNull({ type: 'object' }),
              }),
            ),
            next: orNull({ anyOf: [object({ before: integer }), object({ after: integer })] }),
          }),
        },
      },
    },
  });
}
