import Router from '@koa/router';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { mailStatuses, noticeKinds, type MailStatus } from '@platzbuchung/domain/mail/notices';
import {
  notificationSettingsSchema,
  type NotificationSettings,
  type NotificationSettingsChange,
} from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { countOutbox, listOutbox, retryFailedMail, type OutboxScope } from '@platzbuchung/outbox/outbox';
import { listClubPushes } from '@platzbuchung/outbox/push-outbox';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireLogin, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { isUuid, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { clubQuery, listOf, message, object, withData } from '../http/answer-schemas';

const validateSettings = validator<NotificationSettingsChange>(notificationSettingsSchema);

async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const row: NotificationSettings | undefined = await db('users')
    .where({ id: userId })
    .first('booking_confirmations', 'co_player_notices');
  return {
    booking_confirmations: row?.booking_confirmations ?? false,
    co_player_notices: row?.co_player_notices ?? true,
  };
}

function statusFilter(ctx: AppContext): MailStatus | undefined {
  const { status } = ctx.query;
  if (status === undefined) return undefined;
  if (typeof status === 'string' && (mailStatuses as readonly string[]).includes(status)) {
    return status as MailStatus;
  }
  throw badRequest([{ instancePath: '/status', message: adminTexts.invalidNoticeStatus }]);
}

/**
 * What a club's admins see of its mails: the notices, never a member's account mails (a reset link
 * is a key to that member's account). Kinds a newer mailer may add wait for a newer UI.
 */
const adminScope = (clubId: string): OutboxScope => ({ clubId, kinds: noticeKinds });

/** The club's notices for its admins: newest first, with the counts per status. */
async function clubNotices(db: Db, clubId: string, status?: MailStatus) {
  const scope = adminScope(clubId);
  const [data, counts] = await Promise.all([
    listOutbox(db, { ...scope, limit: 200, ...(status ? { status } : {}) }),
    countOutbox(db, scope),
  ]);
  return { data, counts };
}

/**
 * The member's mail switches (booking confirmations, notices as a co-player) and the admin's list of the club's notices,
 * with a retry for the failed ones (docs/architecture/mail.md, "Notifications").
 */
export function notificationRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const { db } = deps;

  router.get('/account/notifications', requireLogin(db), async (ctx) => {
    ctx.body = { data: await settingsOf(db, sessionUser(ctx)._id) };
  });

  router.put('/account/notifications', requireLogin(db), async (ctx) => {
    const body = validateSettings(ctx.request.body);
    const user = sessionUser(ctx);
    await db('users').where({ id: user._id }).update(body);
    ctx.state.logger.info(
      {
        userId: user._id,
        bookingConfirmations: body.booking_confirmations,
        coPlayerNotices: body.co_player_notices,
      },
      'notification settings changed',
    );
    ctx.body = { message: texts.notificationSettingsSaved, data: await settingsOf(db, user._id) };
  });

  router.get('/admin/notices', requireLogin(db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    ctx.body = await clubNotices(db, clubId, statusFilter(ctx));
  });

  router.post('/admin/notices/:id/retry', requireLogin(db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    const id = ctx.params.id!;
    if (!isUuid(id) || !(await retryFailedMail(db, id, adminScope(clubId))))
      throw notFound(adminTexts.noticeNotFound);
    ctx.state.logger.info({ outboxId: id }, 'failed notice put back in line');
    ctx.body = { message: adminTexts.noticeRetried, ...(await clubNotices(db, clubId)) };
  });

  // The club's push messages beside its mails: no endpoint, only the push service's host
  // (docs/architecture/push.md, "For the club's admins").
  router.get('/admin/push-notices', requireLogin(db), async (ctx) => {
    const clubId = assertAdminOf(sessionUser(ctx), ctx.query.club_id);
    ctx.body = await listClubPushes(db, clubId);
  });

  const mailSwitches = object({
    booking_confirmations: { type: 'boolean' },
    co_player_notices: { type: 'boolean' },
  });
  const notices = { data: listOf({ type: 'object' }), counts: { type: 'object' } };
  return describeRoutes(router, 'Benachrichtigungen', {
    'GET /api/account/notifications': {
      summary: 'Welche Mails der Nutzer bekommen möchte',
      access: 'login',
      answers: { 200: { description: 'Die Schalter.', schema: withData(mailSwitches) } },
    },
    'PUT /api/account/notifications': {
      summary: 'Mails an- oder abbestellen',
      access: 'login',
      body: notificationSettingsSchema,
      answers: {
        200: { description: 'Gespeichert; dazu die Schalter.', schema: message({ data: mailSwitches }) },
      },
    },
    'GET /api/admin/notices': {
      summary: 'Die Vereins-Mails: gesendete, wartende und fehlgeschlagene, neueste zuerst',
      access: 'admin',
      query: {
        ...clubQuery,
        status: { description: 'Nur Mails in diesem Zustand.', schema: { enum: mailStatuses } },
      },
      answers: { 200: { description: 'Die Mails und ihre Anzahl je Zustand.', schema: object(notices) } },
    },
    'GET /api/admin/push-notices': {
      summary:
        'Die Push-Nachrichten an Geräte der Mitglieder: wartende, zugestellte und fehlgeschlagene, neueste zuerst',
      access: 'admin',
      query: clubQuery,
      answers: {
        200: {
          description:
            'Die Push-Nachrichten (Titel, Empfänger, Host des Push-Dienstes) und ihre Anzahl je Zustand.',
          schema: object(notices),
        },
      },
    },
    'POST /api/admin/notices/:id/retry': {
      summary: 'Eine fehlgeschlagene Mail noch einmal senden',
      access: 'admin',
      query: clubQuery,
      answers: { 200: { description: 'Sie wartet wieder; dazu die Mails.', schema: message(notices) } },
      refusals: { 404: 'Diese Mail gibt es nicht, oder sie ist nicht fehlgeschlagen.' },
    },
  });
}
