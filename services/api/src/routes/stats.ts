/**
 * The club's numbers for its admins (docs/architecture/club-numbers.md):
 * `GET /api/admin/stats?club_id=&from=&to=`, the last four weeks by default.
 */
import Router from '@koa/router';
import { clubNow } from '@platzbuchung/domain/club-time';
import { erasedMember } from '@platzbuchung/domain/names';
import { statsRange } from '@platzbuchung/domain/stats/range';
import { statsTexts } from '@platzbuchung/domain/stats/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { FieldError } from '@platzbuchung/domain/types';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { describeRoutes } from '../http/api-description';
import { clubQuery, dayRangeQuery, withData } from '../http/answer-schemas';
import { readStats } from '../projections/stats-read';

function queryField(ctx: AppContext, name: string, errors: FieldError[]): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) {
    errors.push({ instancePath: `/${name}`, message: statsTexts.onlyOnce });
    return undefined;
  }
  return value === '' ? undefined : value;
}

export function statsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/admin/stats', requireLogin(deps.db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const club = await deps
      .db('clubs')
      .where({ id: clubId })
      .first('courts_count', 'start_hour', 'end_hour', 'time_zone');
    if (!club) throw notFound(texts.clubNotFound);
    const errors: FieldError[] = [];
    const query = { from: queryField(ctx, 'from', errors), to: queryField(ctx, 'to', errors) };
    if (errors.length) throw badRequest(errors);
    const range = statsRange(query, clubNow(club.time_zone, deps.clock()).date);
    if (!range.ok) throw badRequest(range.errors);
    const report = await readStats(deps.db, clubId, club, range);
    const ids = report.members.map((m) => m.user_id);
    const people = new Map<string, { first_name: string | null; last_name: string | null }>(
      (await deps.db('users').whereIn('id', ids).select('id', 'first_name', 'last_name')).map(
        (u: { id: string; first_name: string | null; last_name: string | null }) => [u.id, u],
      ),
    );
    ctx.body = {
      data: {
        ...report,
        members: report.members.map((m) => {
          const { first_name, last_name } = people.get(m.user_id) ?? erasedMember(m.user_id);
          return { ...m, first_name, last_name };
        }),
      },
    };
  });

  return describeRoutes(router, 'Verwaltung', {
    'GET /api/admin/stats': {
      summary: 'Die Zahlen des Vereins für einen Zeitraum: Auslastung, Buchungen, Mitglieder',
      description: 'Ohne `from`/`to` die letzten Wochen bis heute.',
      access: 'admin',
      query: { ...clubQuery, ...dayRangeQuery() },
      answers: {
        200: { description: 'Die Zahlen.', schema: withData({ type: 'object', required: ['members'] }) },
      },
      refusals: { 404: 'Den Verein gibt es nicht.' },
    },
  });
}
