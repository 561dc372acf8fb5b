/**
 * Who plays, at the API (docs/who-plays.md): the co-players a request names, with
 * a fresh id for each guest, and a named member taking themselves off a booking.
 */
import { newId } from '../ids';
import Router from '@koa/router';
import type { RequestedPlayer } from '@platzbuchung/domain/players/who-plays';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import type { PlayerBody } from '@platzbuchung/domain/reservations/schemas';
import type { AppDeps } from '../deps';
import { ownClubFromQuery, requireActiveMember, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { notFound } from '../http/errors';
import { isUuid } from '../http/validate';
import { commandClock } from '../commands/definition';
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

  /** A named member takes themselves off (204); 404 when the booking does not name them. */
  router.delete('/reservations/:id/players/me', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    if (!isUuid(ctx.params.id)) throw notFound(playerTexts.notNamed);
    const command = {
      type: 'LeaveAsCoPlayer',
      reservation_id: ctx.params.id!,
      actor: { user_id: user._id, role: user.role },
    } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, leaveAsCoPlayerCommand, command, clock()));
    ctx.status = 204;
  });

  /**
   * A member who took themselves off comes back (204): the one way back to that booking, since
   * nobody else may name them there again; 404 when they did not leave it.
   */
  router.put('/reservations/:id/players/me', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = ownClubFromQuery(ctx, user);
    if (!isUuid(ctx.params.id)) throw notFound(playerTexts.notLeft);
    const command = {
      type: 'RejoinAsCoPlayer',
      reservation_id: ctx.params.id!,
      actor: { user_id: user._id, role: user.role },
    } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, rejoinAsCoPlayerCommand, command, clock()));
    ctx.status = 204;
  });

  return router;
}
