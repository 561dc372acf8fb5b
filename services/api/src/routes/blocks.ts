import { newId } from '../ids';
import Router from '@koa/router';
import { blockTexts, type BlockedOccurrence } from '@platzbuchung/domain/blocks/blocks';
import { blockCourtsSchema, type BlockCourtsBody } from '@platzbuchung/domain/blocks/schemas';
import { CLUB_SEQ_HEADER } from '@platzbuchung/domain/live/changes';
import * as texts from '@platzbuchung/domain/texts';
import type { AppDeps } from '../deps';
import { assertAdminOf, assertOwnClub, requireActiveMember, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { notFound } from '../http/errors';
import { asSentence, isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import {
  block,
  clubQuery,
  dayRangeQuery,
  integer,
  listOf,
  message,
  orNull,
  withData,
} from '../http/answer-schemas';
import { blockCourtsCommand, liftBlockCommand, previewBlock } from '../commands/blocks';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow, refusal } from '../commands/http-refusal';
import { lastClubSeq } from '../events/store';
import { blocksBetween } from '../projections/blocks';
import { requestedRange } from '../http/date-range';

// Like the reservation calls, blocks answer `{error: "text"}`: field errors become one sentence.
const validateBlock = validator<BlockCourtsBody>(blockCourtsSchema, asSentence);

/** What the admin sees of each booking a block hits: court, day, hours, and whose it is. */
async function describeAffected(deps: AppDeps, affected: readonly BlockedOccurrence[]) {
  const ids = [...new Set(affected.map((a) => a.reservation.user_id))];
  const users = new Map<string, { _id: string; first_name: string; last_name: string }>(
    (await deps.db('users').whereIn('id', ids).select({ _id: 'id' }, 'first_name', 'last_name')).map(
      (u: { _id: string; first_name: string; last_name: string }) => [u._id, u],
    ),
  );
  return affected.map(({ reservation, date }) => ({
    reservation_id: reservation._id,
    court_num: reservation.court_num,
    date,
    start_time: reservation.start_time,
    end_time: reservation.end_time,
    label: reservation.label ?? null,
    recurring: reservation.recurring,
    holder: users.get(reservation.user_id) ?? null,
  }));
}

function adminClub(ctx: AppContext): string {
  return assertAdminOf(sessionUser(ctx), ctx.query.club_id);
}

/** Court blocks: admins set (with a preview) and lift them; every member sees them on the grid. */
export function blockRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const clock = commandClock(deps);

  router.get('/blocks', requireActiveMember(deps.db), async (ctx) => {
    const clubId = assertOwnClub(sessionUser(ctx), ctx.query.club_id);
    const range = requestedRange(ctx, { required: true })!;
    // The position first, the list after: the list then includes at least what the position names.
    ctx.set(CLUB_SEQ_HEADER, String(await lastClubSeq(deps.db, clubId)));
    ctx.body = { data: await blocksBetween(deps.db, clubId, range.from, range.to) };
  });

  router.post('/admin/blocks', requireLogin(deps.db), async (ctx) => {
    const clubId = adminClub(ctx);
    const body = validateBlock(ctx.request.body);
    const user = sessionUser(ctx);
    const command = {
      type: 'BlockCourts',
      block_id: newId(),
      actor: { user_id: user._id, role: user.role },
      court_nums: body.court_nums,
      from: body.from,
      until: body.until,
      reason: body.reason,
      ...(body.repeat_until !== undefined ? { repeat_until: body.repeat_until } : {}),
    } as const;
    if (body.preview) {
      const preview = await previewBlock(deps.db, clubId, command, clock());
      if (!preview) throw notFound(texts.clubNotFound);
      if (!preview.ok) throw refusal(preview.error);
      ctx.body = { data: await describeAffected(deps, preview.affected) };
      return;
    }
    const events = eventsOrThrow(await handleCommand(deps.db, clubId, blockCourtsCommand, command, clock()));
    const blocked = events.find((e) => e.type === 'CourtsBlocked');
    ctx.status = 201;
    ctx.body = {
      message: blockTexts.created,
      data: blocked?.type === 'CourtsBlocked' ? { _id: blocked.block_id, ...blocked.data } : null,
      cancelled: events.filter((e) => e.stream_type === 'reservation').length,
    };
  });

  router.delete('/admin/blocks/:id', requireLogin(deps.db), async (ctx) => {
    const clubId = adminClub(ctx);
    if (!isUuid(ctx.params.id)) throw notFound(blockTexts.notFound);
    const user = sessionUser(ctx);
    const command = {
      type: 'LiftBlock',
      block_id: ctx.params.id!,
      actor: { user_id: user._id, role: user.role },
    } as const;
    eventsOrThrow(await handleCommand(deps.db, clubId, liftBlockCommand, command, clock()));
    ctx.body = { message: blockTexts.lifted };
  });

  return describeRoutes(router, 'Sperrungen', {
    'GET /api/blocks': {
      summary: 'Die Sperrungen des Vereins in einem Zeitraum',
      access: 'member',
      query: { ...clubQuery, ...dayRangeQuery() },
      answers: { 200: { description: 'Die Sperrungen.', schema: withData(listOf(block)) } },
    },
    'POST /api/admin/blocks': {
      summary: 'Plätze sperren; mit `preview` nur zeigen, welche Buchungen das träfe',
      description: 'Die Buchungen in der Sperrung werden storniert und ihre Spieler benachrichtigt.',
      access: 'admin',
      query: clubQuery,
      body: blockCourtsSchema,
      answers: {
        200: {
          description: 'Die Vorschau: die betroffenen Buchungen.',
          schema: withData(listOf({ type: 'object' })),
        },
        201: {
          description: 'Gesperrt; wie viele Buchungen storniert wurden.',
          schema: message({ data: orNull(block), cancelled: integer }),
        },
      },
      refusals: { 404: 'Den Verein gibt es nicht.', 409: 'Die Sperrung ist so nicht möglich.' },
    },
    'DELETE /api/admin/blocks/:id': {
      summary: 'Eine Sperrung aufheben',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Aufgehoben.', schema: message() } },
      refusals: { 404: 'Diese Sperrung gibt es nicht.' },
    },
  });
}
