/**
 * Member categories (docs/who-plays.md, "Member categories"): the admin puts a member, or a
 * selection of members, in one of the club's categories, and gives a member's birth year, which
 * decides "Jugend" by age. The category is an event of the member's stream; the birth year is
 * personal data and lives only in `users.birth_year`.
 */
import Router from '@koa/router';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { ChangeMemberCategory } from '@platzbuchung/domain/categories/change-category';
import {
  memberCategorySchema,
  membersCategorySchema,
  type MemberCategoryBody,
  type MembersCategoryBody,
} from '@platzbuchung/domain/categories/schemas';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';
import type { SessionUser } from '@platzbuchung/domain/types';
import { findClub, findPlayRules } from '../accounts/users-store';
import { commandClock } from '../commands/definition';
import { handleCommand } from '../commands/handle';
import { eventsOrThrow } from '../commands/http-refusal';
import { changeMemberCategoryCommand } from '../commands/members';
import type { AppDeps } from '../deps';
import { requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, id, listOf, message, object, orNull, integer, text } from '../http/answer-schemas';
import { adminClub, listMembers } from './admin';

const validateOne = validator<MemberCategoryBody>(memberCategorySchema);
const validateMany = validator<MembersCategoryBody>(membersCategorySchema);

const command = (
  clubId: string,
  user: SessionUser,
  userId: string,
  categoryId: string,
): ChangeMemberCategory => ({
  type: 'ChangeMemberCategory',
  user_id: userId,
  club_id: clubId,
  actor: { user_id: user._id, role: user.role },
  category_id: categoryId,
});

export function categoryRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin' });
  router.use(requireLogin(deps.db));
  const clock = commandClock(deps);

  /** The club's today and the category's name, or 404 for an unknown club. */
  const clubContext = async (clubId: string, categoryId: string) => {
    const [club, rules] = await Promise.all([findClub(deps.db, clubId), findPlayRules(deps.db, clubId)]);
    if (!club || !rules) throw notFound(adminTexts.clubNotFound);
    const category = rules.categories.find((c) => c.id === categoryId);
    if (!category)
      throw badRequest([{ instancePath: '/category_id', message: categoryTexts.unknownCategory }]);
    return { now: clubNow(club.time_zone, clock().now), name: category.name };
  };

  router.put('/members/category', async (ctx) => {
    const clubId = adminClub(ctx);
    const body = validateMany(ctx.request.body);
    const { now, name } = await clubContext(clubId, body.category_id);
    const found: string[] = await deps
      .db('users')
      .where({ club_id: clubId })
      .whereIn('id', body.user_ids)
      .pluck('id');
    if (found.length !== body.user_ids.length) throw notFound(adminTexts.memberNotFound);
    const user = sessionUser(ctx);
    // One member's stream each; a refusal (the admin lost the role meanwhile) stops the rest.
    for (const userId of body.user_ids) {
      eventsOrThrow(
        await handleCommand(
          deps.db,
          clubId,
          changeMemberCategoryCommand,
          command(clubId, user, userId, body.category_id),
          clock(),
        ),
      );
    }
    ctx.body = {
      message: categoryTexts.categoriesChanged(body.user_ids.length, name),
      data: await listMembers(deps.db, clubId, now),
    };
  });

  router.put('/members/:id/category', async (ctx) => {
    const clubId = adminClub(ctx);
    const body = validateOne(ctx.request.body);
    if (!isUuid(ctx.params.id)) throw notFound(adminTexts.memberNotFound);
    const { now, name } = await clubContext(clubId, body.category_id);
    const thisYear = Number(now.date.slice(0, 4));
    if (body.birth_year != null && body.birth_year > thisYear) {
      throw badRequest([{ instancePath: '/birth_year', message: categoryTexts.birthYearInvalid(thisYear) }]);
    }
    const userId = ctx.params.id!;
    eventsOrThrow(
      await handleCommand(
        deps.db,
        clubId,
        changeMemberCategoryCommand,
        command(clubId, sessionUser(ctx), userId, body.category_id),
        clock(),
      ),
    );
    if (body.birth_year !== undefined) {
      await deps.db('users').where({ id: userId, club_id: clubId }).update({ birth_year: body.birth_year });
    }
    ctx.body = {
      message: categoryTexts.categoryChanged(name),
      data: await listMembers(deps.db, clubId, now),
    };
  });

  const members = message({
    data: listOf(object({ _id: id, category_id: orNull(text), birth_year: orNull(integer), category: text })),
  });
  return describeRoutes(router, 'Verwaltung', {
    'PUT /api/admin/members/category': {
      summary: 'Ausgewählte Mitglieder einer Kategorie zuordnen',
      access: 'admin',
      query: clubQuery,
      body: membersCategorySchema,
      answers: { 200: { description: 'Zugeordnet; dazu alle Mitglieder.', schema: members } },
      refusals: { 400: 'Die Kategorie gibt es nicht.', 404: 'Ein Mitglied gibt es im Verein nicht.' },
    },
    'PUT /api/admin/members/:id/category': {
      summary: 'Die Kategorie und das Geburtsjahr eines Mitglieds setzen',
      access: 'admin',
      query: clubQuery,
      body: memberCategorySchema,
      answers: { 200: { description: 'Gesetzt; dazu alle Mitglieder.', schema: members } },
      refusals: {
        400: 'Die Kategorie gibt es nicht, oder das Geburtsjahr liegt in der Zukunft.',
        404: 'Dieses Mitglied gibt es im Verein nicht.',
      },
    },
  });
}
