import Router from '@koa/router';
import { memberCategory } from '@platzbuchung/domain/categories/categories';
import { clubNow } from '@platzbuchung/domain/club-time';
import { CHILDREN_MAX, childSchema, type Child, type ChildBody } from '@platzbuchung/domain/families/schemas';
import * as familyTexts from '@platzbuchung/domain/families/texts';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { FieldError } from '@platzbuchung/domain/types';
import { findClub, findPlayRules } from '../accounts/users-store';
import { commandClock } from '../commands/definition';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { id, integer, listOf, message, object, text, withData } from '../http/answer-schemas';

const validateChild = validator<ChildBody>(childSchema);

type ChildRow = Omit<Child, '_id' | 'category'> & { id: string; category_id: string | null };
const CHILD_COLUMNS = ['id', 'first_name', 'last_name', 'birth_year', 'category_id'];

/** The club's today and its category rules: what a child's year and category are judged by. */
async function clubYear(db: Db, clubId: string, now: Date): Promise<{ today: string; rules: PlayRules }> {
  const [club, rules] = await Promise.all([findClub(db, clubId), findPlayRules(db, clubId)]);
  if (!club || !rules) throw notFound(familyTexts.childNotFound);
  return { today: clubNow(club.time_zone, now).date, rules };
}

/** Names as typed, with spaces around them: trimmed before the schema's pattern judges them. */
function trimmedNames(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const trimmed = Object.entries(body).map(([key, value]) =>
    (key === 'first_name' || key === 'last_name') && typeof value === 'string'
      ? [key, value.trim()]
      : [key, value],
  );
  return Object.fromEntries(trimmed);
}

/** The body as stored: names as guests' names are, a birth year of the last `CHILD_MAX_AGE` years. */
function checkedChild(body: unknown, today: string): ChildBody {
  const child = validateChild(trimmedNames(body));
  const errors: FieldError[] = [];
  const thisYear = Number(today.slice(0, 4));
  if (child.birth_year > thisYear || child.birth_year < thisYear - familyTexts.CHILD_MAX_AGE) {
    errors.push({ instancePath: '/birth_year', message: familyTexts.birthYearInvalid(thisYear) });
  }
  if (errors.length > 0) throw badRequest(errors);
  return child;
}

const toChild = (row: ChildRow, rules: PlayRules, today: string): Child => ({
  _id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  birth_year: row.birth_year,
  category: memberCategory(rules, row, today).name,
});

const childName = (child: Pick<ChildBody, 'first_name' | 'last_name'>) =>
  `${child.first_name} ${child.last_name}`;

/**
 * A member's children (docs/who-plays.md, "Families"): rows of the member's club without an address
 * or a password, kept by the parent, who books for them and gets their notices.
 */
export function childrenRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/account/children' });
  const { db } = deps;
  const clock = commandClock(deps);
  router.use(requireLogin(db));

  const childrenOf = (parentId: string) =>
    db('users')
      .where({ parent_id: parentId })
      .orderBy(['first_name', 'id'])
      .select<ChildRow[]>(CHILD_COLUMNS);

  router.get('/', async (ctx) => {
    const parent = sessionUser(ctx);
    const { today, rules } = await clubYear(db, parent.club_id, clock().now);
    ctx.body = { data: (await childrenOf(parent._id)).map((row) => toChild(row, rules, today)) };
  });

  router.post('/', async (ctx) => {
    const parent = sessionUser(ctx);
    const { today, rules } = await clubYear(db, parent.club_id, clock().now);
    const child = checkedChild(ctx.request.body, today);
    const row = await db.transaction(async (trx) => {
      // The parent's row, locked: two forms sent at once still keep to CHILDREN_MAX.
      await trx('users').where({ id: parent._id }).forUpdate().first('id');
      const counted = await trx('users').where({ parent_id: parent._id }).count({ count: '*' }).first();
      if (Number(counted?.count ?? 0) >= CHILDREN_MAX)
        throw badRequest(familyTexts.tooManyChildren(CHILDREN_MAX));
      const [inserted] = await trx('users')
        .insert({
          ...child,
          club_id: parent.club_id,
          parent_id: parent._id,
          role: 'player',
          status: 'active',
        })
        .returning<ChildRow[]>(CHILD_COLUMNS);
      return inserted!;
    });
    ctx.state.logger.info({ userId: parent._id, childId: row.id }, 'child added');
    ctx.status = 201;
    ctx.body = { message: familyTexts.childAdded(childName(child)), data: toChild(row, rules, today) };
  });

  router.put('/:id', async (ctx) => {
    const parent = sessionUser(ctx);
    if (!isUuid(ctx.params.id)) throw notFound(familyTexts.childNotFound);
    const { today, rules } = await clubYear(db, parent.club_id, clock().now);
    const child = checkedChild(ctx.request.body, today);
    const [row] = await db('users')
      .where({ id: ctx.params.id, parent_id: parent._id })
      .update(child)
      .returning<ChildRow[]>(CHILD_COLUMNS);
    if (!row) throw notFound(familyTexts.childNotFound);
    ctx.body = { message: familyTexts.childSaved(childName(child)), data: toChild(row, rules, today) };
  });

  router.delete('/:id', async (ctx) => {
    const parent = sessionUser(ctx);
    if (!isUuid(ctx.params.id)) throw notFound(familyTexts.childNotFound);
    const [row] = await db('users')
      .where({ id: ctx.params.id, parent_id: parent._id })
      .delete()
      .returning<ChildRow[]>(CHILD_COLUMNS);
    if (!row) throw notFound(familyTexts.childNotFound);
    ctx.state.logger.info({ userId: parent._id, childId: row.id }, 'child removed');
    ctx.body = { message: familyTexts.childRemoved(childName(row)) };
  });

  const child = object({ _id: id, first_name: text, last_name: text, birth_year: integer, category: text });
  return describeRoutes(router, 'Kinder', {
    'GET /api/account/children': {
      summary: 'Die Kinder des Mitglieds, jedes mit seiner heutigen Kategorie',
      access: 'login',
      answers: { 200: { description: 'Die Kinder.', schema: withData(listOf(child)) } },
    },
    'POST /api/account/children': {
      summary: 'Ein Kind ohne eigene Adresse eintragen',
      access: 'login',
      body: childSchema,
      answers: { 201: { description: 'Eingetragen.', schema: message({ data: child }) } },
    },
    'PUT /api/account/children/:id': {
      summary: 'Name und Geburtsjahr eines Kindes ändern',
      access: 'login',
      body: childSchema,
      answers: { 200: { description: 'Gespeichert.', schema: message({ data: child }) } },
      refusals: { 404: familyTexts.childNotFound },
    },
    'DELETE /api/account/children/:id': {
      summary: 'Ein Kind austragen',
      access: 'login',
      answers: { 200: { description: 'Ausgetragen.', schema: message() } },
      refusals: { 404: familyTexts.childNotFound },
    },
  });
}
