/**
 * The Warteliste (docs/adding-a-change.md): an active member puts themself on the list of a taken
 * hour, leaves it, and lists their own entries that are still to come. Nobody sees who else waits.
 */
import { newId } from '../ids';
import Router from '@koa/router';
import * as texts from '@platzbuchung/domain/texts';
import type { SessionUser } from '@platzbuchung/domain/types';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import { joinWaitlistSchema, type JoinWaitlistBody } from '@platzbuchung/domain/waitlist/schemas';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import { joinWaitlistCommand, leaveWaitlistCommand } from '../commands/waitlist';
import type { AppDeps } from '../deps';
import { assertOwnClub, requireActiveMember, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import {
  clubQuery,
  id,
  integer,
  isoDate,
  listOf,
  message,
  object,
  text,
  withData,
} from '../http/answer-schemas';
import { ownWaitlist, shownEntry } from '../reservations/own-waitlist';
import { takeAll } from '../accounts/rate-limits';

const validateJoin = validator<JoinWaitlistBody>(joinWaitlistSchema);

const actorOf = (user: SessionUser) => ({ user_id: user._id, role: user.role });

export function waitlistRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/waitlist' });
  const clock = commandClock(deps);

  router.get('/', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = assertOwnClub(user, ctx.query.club_id);
    const answer = await ownWaitlist(deps.db, clubId, user._id, deps.clock());
    if (!answer) throw notFound(texts.clubNotFound);
    ctx.body = answer;
  });

  router.post('/', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = assertOwnClub(user, ctx.query.club_id);
    const body = validateJoin(ctx.request.body);
    await takeAll([[deps.rateLimits.waitlistJoinByUser, user._id]]);
    const command = { type: 'JoinWaitlist', entry_id: newId(), actor: actorOf(user), ...body } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, joinWaitlistCommand, command, clock()));
    ctx.status = 201;
    ctx.body = {
      message: waitlistTexts.joined,
      data: shownEntry({ _id: command.entry_id, club_id: clubId, user_id: user._id, ...body }),
    };
  });

  router.delete('/:id', requireActiveMember(deps.db), async (ctx) => {
    const user = sessionUser(ctx);
    const clubId = assertOwnClub(user, ctx.query.club_id);
    if (!isUuid(ctx.params.id)) throw notFound(waitlistTexts.notFound);
    const command = { type: 'LeaveWaitlist', entry_id: ctx.params.id!, actor: actorOf(user) } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, leaveWaitlistCommand, command, clock()));
    ctx.body = { message: waitlistTexts.left };
  });

  const entry = object({ _id: id, court_num: text, date: isoDate, start_time: integer, end_time: integer });
  return describeRoutes(router, 'Warteliste', {
    'GET /api/waitlist': {
      summary: 'Die eigenen Einträge auf der Warteliste, die noch kommen',
      access: 'member',
      query: clubQuery,
      answers: { 200: { description: 'Die Einträge.', schema: withData(listOf(entry)) } },
      refusals: { 404: 'Den Verein gibt es nicht.' },
    },
    'POST /api/waitlist': {
      summary: 'Sich für eine belegte Stunde auf die Warteliste setzen',
      access: 'member',
      query: clubQuery,
      body: joinWaitlistSchema,
      answers: { 201: { description: 'Eingetragen.', schema: message({ data: entry }) } },
      refusals: {
        409: 'Das geht für diese Stunde nicht (Satz sagt, warum).',
        429: 'Zu viele Einträge in kurzer Zeit.',
      },
    },
    'DELETE /api/waitlist/:id': {
      summary: 'Einen eigenen Eintrag von der Warteliste nehmen',
      access: 'member',
      query: clubQuery,
      answers: { 200: { description: 'Entfernt.', schema: message() } },
      refusals: { 404: 'Diesen Eintrag gibt es nicht.' },
    },
  });
}
