import Router from '@koa/router';
import type { Knex } from 'knex';
import { strandedReservations } from '@platzbuchung/domain/admin/club-settings';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { isIsoDate, localMoment } from '@platzbuchung/domain/dates';
import { reservationsAsOf, reservationsAtPosition } from '@platzbuchung/domain/reservations/as-of';
import { occursOn } from '@platzbuchung/domain/reservations/recurrence';
import { clubSettingsSchema, type ClubSettings } from '@platzbuchung/domain/schemas';
import type { Role } from '@platzbuchung/domain/types';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { filteredEvents, toEnvelope, EVENT_COLUMNS } from '../reservations/event-store';
import { lockClub } from '../reservations/commands';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../reservations/rows';

const validateSettings = validator<ClubSettings>(clubSettingsSchema);
const ROLES: readonly Role[] = ['admin', 'player'];

type ChangeKind = 'settings_changed' | 'role_changed';

async function recordChange(
  trx: Knex.Transaction,
  clubId: string,
  actorId: string,
  kind: ChangeKind,
  data: object,
  at: Date,
) {
  await trx('club_changes').insert({ club_id: clubId, actor_id: actorId, kind, data, occurred_at: at });
}

async function listMembers(db: Db, clubId: string) {
  return db('users')
    .where({ club_id: clubId })
    .select({ _id: 'id' }, 'first_name', 'last_name', 'email', 'role', 'created_at')
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }]);
}

/** The admin's own club, from the query; every admin route starts here. */
function adminClub(ctx: AppContext): string {
  return assertAdminOf(sessionUser(ctx), ctx.query.club_id);
}

async function updateSettings(deps: AppDeps, clubId: string, actorId: string, settings: ClubSettings) {
  const now = deps.clock();
  return deps.db.transaction(async (trx) => {
    // The reservation lock: no booking may slip in between the check and the change.
    await lockClub(trx, clubId);
    const before = await findClub(trx, clubId);
    if (!before) throw notFound(adminTexts.memberNotFound);
    const today = localMoment(now, deps.config.timeZone).date;
    const rows: ReservationRow[] = await trx('reservations')
      .where('club_id', clubId)
      .andWhere((q) => q.where('recurring', true).orWhere('date', '>=', today))
      .select([...RESERVATION_COLUMNS]);
    const stranded = strandedReservations(rows.map(toReservation), settings, today);
    if (stranded.length) {
      throw new HttpError(
        409,
        `${adminTexts.settingsStrand(stranded.length)} ${stranded.map(adminTexts.strandedLine).join('; ')}`,
      );
    }
    const update = { ...settings, name: settings.name.trim() };
    await trx('clubs').where({ id: clubId }).update(update);
    const { _id: _ignored, ...previous } = before;
    await recordChange(trx, clubId, actorId, 'settings_changed', { before: previous, after: update }, now);
    return { _id: clubId, ...update };
  });
}

async function changeRole(deps: AppDeps, clubId: string, actorId: string, memberId: string, role: Role) {
  const now = deps.clock();
  await deps.db.transaction(async (trx) => {
    // Locking the club's admins makes two simultaneous demotions see each other.
    const admins: { id: string }[] = await trx('users')
      .where({ club_id: clubId, role: 'admin' })
      .forUpdate()
      .select('id');
    // The actor may have lost the role since the request was authorised.
    if (!admins.some((admin) => admin.id === actorId)) throw forbidden();
    const member = await trx('users').where({ id: memberId, club_id: clubId }).first('id', 'role');
    if (!member) throw notFound(adminTexts.memberNotFound);
    if (member.role === role) return;
    if (role === 'player' && admins.length <= 1) throw new HttpError(409, adminTexts.lastAdmin);
    await trx('users').where({ id: memberId }).update({ role });
    await recordChange(
      trx,
      clubId,
      actorId,
      'role_changed',
      { user_id: memberId, before: member.role, after: role },
      now,
    );
  });
}

function asOfCut(ctx: AppContext, now: Date): { at?: Date; position?: number } {
  const { at, position } = ctx.query;
  if (typeof position === 'string' && /^\d{1,15}$/.test(position)) return { position: Number(position) };
  if (typeof at !== 'string') throw badRequest(adminTexts.invalidMoment);
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) throw badRequest(adminTexts.invalidMoment);
  if (moment.getTime() > now.getTime()) throw badRequest(adminTexts.futureMoment);
  return { at: moment };
}

/** Settings, members and roles, the record of changes, and the grid as it was — admins of that club only. */
export function adminRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin' });
  router.use(requireLogin(deps.db));

  router.get('/members', async (ctx) => {
    ctx.body = await listMembers(deps.db, adminClub(ctx));
  });

  router.put('/members/:id/role', async (ctx) => {
    const clubId = adminClub(ctx);
    const role = (ctx.request.body as { role?: unknown } | undefined)?.role;
    if (!ROLES.includes(role as Role))
      throw badRequest([{ instancePath: '/role', message: adminTexts.invalidRole }]);
    if (!isUuid(ctx.params.id)) throw notFound(adminTexts.memberNotFound);
    await changeRole(deps, clubId, sessionUser(ctx)._id, ctx.params.id!, role as Role);
    ctx.body = { message: adminTexts.roleChanged, data: await listMembers(deps.db, clubId) };
  });

  router.put('/club', async (ctx) => {
    const clubId = adminClub(ctx);
    const settings = validateSettings(ctx.request.body);
    const club = await updateSettings(deps, clubId, sessionUser(ctx)._id, settings);
    ctx.body = { message: adminTexts.settingsSaved, data: club };
  });

  router.get('/changes', async (ctx) => {
    const clubId = adminClub(ctx);
    ctx.body = await deps
      .db('club_changes as c')
      .leftJoin('users as u', 'u.id', 'c.actor_id')
      .where('c.club_id', clubId)
      .orderBy('c.position', 'desc')
      .limit(200)
      .select('c.position', 'c.kind', 'c.data', 'c.occurred_at', {
        actor: deps.db.raw(
          `json_build_object('_id', c.actor_id, 'first_name', u.first_name, 'last_name', u.last_name)`,
        ),
      });
  });

  /** "Stand am": `at` (ISO time) or `position`, and optionally `date` to keep only that day's grid. */
  router.get('/as-of', async (ctx) => {
    const clubId = adminClub(ctx);
    const cut = asOfCut(ctx, deps.clock());
    const date = ctx.query.date;
    if (date !== undefined && (typeof date !== 'string' || !isIsoDate(date))) {
      throw badRequest('Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).');
    }
    const query = filteredEvents(deps.db, { clubId }).orderBy('position');
    if (cut.at) query.where('occurred_at', '<=', cut.at);
    if (cut.position !== undefined) query.where('position', '<=', cut.position);
    const events = (await query.select([...EVENT_COLUMNS])).map(toEnvelope);
    const rows =
      cut.position !== undefined
        ? reservationsAtPosition(events, cut.position)
        : reservationsAsOf(events, cut.at!);
    ctx.body = {
      position: events.at(-1)?.position ?? 0,
      data: (typeof date === 'string' ? rows.filter((r) => occursOn(r, date)) : rows).sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.start_time - b.start_time ||
          Number(a.court_num) - Number(b.court_num),
      ),
    };
  });

  return router;
}
