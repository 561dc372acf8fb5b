/**
 * Who plays, at the API (docs/who-plays.md): the co-players a request names, with
 * a fresh id for each guest, and a named member taking themselves off a booking.
 */
import type { AccountEvent } from '@platzbuchung/domain/money/account-events';
import { newId } from '../ids';
import Router from '@koa/router';
import type { RequestedPlayer } from '@platzbuchung/domain/players/who-plays';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import type { PlayerBody } from '@platzbuchung/domain/types';
import type { AppDeps } from '../deps';
import { ownClubFromQuery, requireActiveMember, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { notFound } from '../http/errors';
import { isUuid } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery } from '../http/answer-schemas';
import { commandClock, type CommandDefinition } from '../commands/definition';
import type { LeaveAsCoPlayer } from '@platzbuchung/domain/reservations/leave-as-co-player';
import type { RejoinAsCoPlayer } from '@platzbuchung/domain/reservations/rejoin-as-co-player';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import type { ReservationState } from '@platzbuchung/domain/reservations/state';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import { leaveAsCoPlayerCommand, rejoinAsCoPlayerCommand } from '../commands/reservations';

/** The co-players of a request body, each guest with a fresh id under which their name is kept. */
export function requestedPlayers(players: readonly PlayerBody[]): RequestedPlayer[];
export function requestedPlayers(players: readonly PlayerBody[] | undefined): RequestedPlayer[] | undefined;
export function requestedPlayers(players: readonly PlayerBody[] | undefined): RequestedPlayer[] | undefined {
  return players?.map((p) =>
    'user_id' in p ? { user_id: p.user_id } : { guest_id: newId(), guest_name: p.guest_name.trim() },
  );
}

export function reservationPlayerRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const clock = commandClock(deps);

  /**
   * A command of the member about their own place on a booking, answered 204: taking themselves
   * off, or coming back. `unknown` answers an id that names no booking.
   */
  const ownPlace = async <C extends LeaveAsCoPlayer | RejoinAsCoPlayer, Ctx>(
    ctx: AppContext & { params: Record<string, string | undefined> },
    type: C['type'],
    definition: CommandDefinition<C, ReservationState, Ctx, ReservationEvent | AccountEvent>,
    unknown: string,
  ) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    if (!isUuid(ctx.params.id)) throw notFound(unknown);
    const actor = { user_id: user._id, role: user.role };
    const command = { type, reservation_id: ctx.params.id!, actor } as C;
    eventsOrThrow(await handleCommand(deps.db, clubId, definition, command, clock()));
    ctx.status = 204;
  };

  /** A named member takes themselves off; 404 when the booking does not name them. */
  router.delete('/reservations/:id/players/me', requireActiveMember(deps.db), (ctx) =>
    ownPlace(ctx, 'LeaveAsCoPlayer', leaveAsCoPlayerCommand, playerTexts.notNamed),
  );

  /**
   * A member who took themselves off comes back: the one way back to that booking, since nobody
   * else may name them there again; 404 when they did not leave it.
   */
  router.put('/reservations/:id/players/me', requireActiveMember(deps.db), (ctx) =>
    ownPlace(ctx, 'RejoinAsCoPlayer', rejoinAsCoPlayerCommand, playerTexts.notLeft),
  );

  return describeRoutes(router, 'Reservierungen', {
    'DELETE /api/reservations/:id/players/me': {
      summary: 'Sich selbst als Mitspieler einer Buchung austragen',
      access: 'member',
      query: clubQuery,
      answers: { 204: { description: 'Ausgetragen.', media: 'none' } },
      refusals: { 404: 'Die Buchung nennt Sie nicht.' },
    },
    'PUT /api/reservations/:id/players/me': {
      summary: 'Sich als Mitspieler einer Buchung wieder eintragen, nachdem man sich ausgetragen hatte',
      access: 'member',
      query: clubQuery,
      answers: { 204: { description: 'Wieder eingetragen.', media: 'none' } },
      refusals: { 404: 'Sie hatten sich bei dieser Buchung nicht ausgetragen.' },
    },
  });
}
