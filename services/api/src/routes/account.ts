import Router from '@koa/router';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import {
  accountNameSchema,
  changeEmailSchema,
  changePasswordSchema,
  type AccountNameBody,
  type ChangeEmailBody,
  type ChangePasswordBody,
} from '@platzbuchung/domain/schemas';
import { requestEmailChange } from '../accounts/email-changes';
import { emailConfirmed } from '../accounts/email-confirmations';
import { exportAccount } from '../accounts/export';
import { giveBackAll, takeAll, type Charge } from '../accounts/rate-limits';
import { dropPendingEmailChange } from '../accounts/pending-email-change';
import { findSessionUser, normalizedEmail } from '../accounts/users-store';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest, unauthorized } from '../http/errors';
import { newPasswordValidator, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { emailState, message, sessionUser as sessionUserSchema } from '../http/answer-schemas';

const validateName = validator<AccountNameBody>(accountNameSchema);
const validatePasswordChange = newPasswordValidator<ChangePasswordBody>(changePasswordSchema);
const validateEmailChange = validator<ChangeEmailBody>(changeEmailSchema);

const refusedUnder = (field: keyof ChangePasswordBody | keyof ChangeEmailBody, message: string) =>
  badRequest([{ instancePath: `/${field}`, message }]);

/**
 * Sets the new password and ends every other login of the member, in one transaction: whoever held
 * one of them (a lost phone, a stolen cookie) is out the moment the new password counts. Reset links
 * mailed earlier go too, so none of them can set another password afterwards, and so does the link
 * of an address change waiting, which whoever knew the old password may have asked for.
 */
async function replacePassword(db: Db, userId: string, passwordHash: string, keptSessionId: string) {
  return db.transaction(async (trx) => {
    await trx('users').where({ id: userId }).update({ password_hash: passwordHash });
    await trx('password_resets').where({ user_id: userId }).whereNull('used_at').delete();
    await dropPendingEmailChange(trx, userId);
    return trx('sessions').where({ user_id: userId }).whereNot({ id: keptSessionId }).delete();
  });
}

/**
 * The member's own data (docs/privacy.md): correcting the name and the address, changing the password, and taking
 * everything stored about them as one file. Pending and inactive members may do all of it too.
 */
export function ownAccountRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits, clock, config } = deps;
  const router = new Router<AppState>({ prefix: '/api' });

  /**
   * Like a login, a try takes its point before the password is compared (parallel guesses cannot
   * overtake the limit), and a right password gives it back. A wrong one is refused under `field`.
   */
  async function checkCurrentPassword(
    userId: string,
    password: string,
    refusal: { field: keyof ChangePasswordBody | keyof ChangeEmailBody; message: string },
  ): Promise<void> {
    const charges: Charge[] = [[rateLimits.currentPasswordByUser, userId]];
    await takeAll(charges);
    const row: { password_hash: string } | undefined = await db('users')
      .where({ id: userId })
      .first('password_hash');
    if (!row || !(await hasher.verify(password, row.password_hash))) {
      throw refusedUnder(refusal.field, refusal.message);
    }
    await giveBackAll(charges);
  }

  router.put('/account', requireLogin(db), async (ctx) => {
    const body = validateName(ctx.request.body);
    const user = sessionUser(ctx);
    await db('users')
      .where({ id: user._id })
      .update({ first_name: body.first_name, last_name: body.last_name });
    const updated = await findSessionUser(db, user._id);
    if (!updated) throw unauthorized();
    ctx.state.logger.info({ userId: user._id }, 'name changed');
    ctx.body = { message: accountTexts.nameChanged, data: updated };
  });

  router.put('/account/password', requireLogin(db), async (ctx) => {
    const body = validatePasswordChange(ctx.request.body);
    const user = sessionUser(ctx);
    await checkCurrentPassword(user._id, body.current_password, {
      field: 'current_password',
      message: accountTexts.wrongCurrentPassword,
    });
    if (body.password === body.current_password) throw refusedUnder('password', accountTexts.samePassword);
    // A logged-in request always has its session's row; this is the one login that stays.
    const thisSession = ctx.session?.externalKey;
    if (!thisSession) throw unauthorized();
    const passwordHash = await hasher.hash(body.password);
    const ended = await replacePassword(db, user._id, passwordHash, thisSession);
    ctx.state.logger.info(
      { userId: user._id, endedSessions: ended },
      'password changed; other sessions ended',
    );
    ctx.body = { message: accountTexts.passwordChanged };
  });

  /**
   * Asks to change the address; the change happens only when the link mailed to the new address is
   * used (`POST /api/confirm-email`). The password is checked first and counted like the password
   * change's, so a stolen session can neither redirect the account's mail nor guess the password
   * faster than a login could. The request is counted before the address is looked up, and a taken
   * address is answered as a free one (only the mail to it differs), so the route tells nobody
   * whether an address has an account.
   */
  router.put('/account/email', requireLogin(db), async (ctx) => {
    const body = validateEmailChange(ctx.request.body);
    const user = sessionUser(ctx);
    await checkCurrentPassword(user._id, body.password, {
      field: 'password',
      message: emailChangeTexts.wrongPassword,
    });
    if (normalizedEmail(body.email) === normalizedEmail(user.email)) {
      throw refusedUnder('email', emailChangeTexts.sameAddress);
    }
    // Each request mails two addresses and looks one up: bounded like sending a confirmation link again.
    await takeAll([[rateLimits.emailChangeByUser, user._id]]);
    const pending = await requestEmailChange(
      db,
      { ...user, id: user._id },
      body.email,
      config.publicUrl,
      clock(),
    );
    ctx.state.logger.info({ userId: user._id }, 'e-mail change requested');
    ctx.body = {
      message: emailChangeTexts.linkSent(pending.email),
      data: {
        email: user.email,
        confirmed: await emailConfirmed(db, user._id),
        pending_email: pending.email,
      },
    };
  });

  router.get('/account/export', requireLogin(db), async (ctx) => {
    const user = sessionUser(ctx);
    // Each export reads everything stored about the member: counted like other costly requests.
    await takeAll([[rateLimits.accountExportByUser, user._id]], accountTexts.exportTooOften);
    const now = clock();
    const data = await exportAccount(db, user._id, now);
    if (!data) throw unauthorized();
    ctx.state.logger.info({ userId: user._id }, 'account data exported');
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${accountTexts.exportFileName(now.toISOString().slice(0, 10))}"`,
    );
    ctx.type = 'application/json; charset=utf-8';
    // Indented: the file is for a person to read as much as for another service to import.
    ctx.body = `${JSON.stringify(data, null, 2)}\n`;
  });

  return describeRoutes(router, 'Eigenes Konto', {
    'PUT /api/account': {
      summary: 'Den eigenen Namen berichtigen',
      access: 'login',
      body: accountNameSchema,
      answers: {
        200: { description: 'Geändert; dazu der Nutzer.', schema: message({ data: sessionUserSchema }) },
      },
    },
    'PUT /api/account/password': {
      summary: 'Das eigene Passwort ändern; beendet jede andere Anmeldung',
      access: 'login',
      body: changePasswordSchema,
      answers: { 200: { description: 'Geändert.', schema: message() } },
      refusals: { 429: 'Zu viele Versuche mit dem bisherigen Passwort.' },
    },
    'PUT /api/account/email': {
      summary: 'Eine neue E-Mail-Adresse anfragen; sie gilt, sobald der Link an sie benutzt ist',
      access: 'login',
      body: changeEmailSchema,
      answers: {
        200: {
          description: 'Der Link ist unterwegs; dazu der Stand der Adresse.',
          schema: message({ data: emailState }),
        },
      },
      refusals: { 429: 'Zu viele Versuche oder Anfragen.' },
    },
    'GET /api/account/export': {
      summary: 'Alles, was über den Nutzer gespeichert ist, als eine Datei (JSON)',
      access: 'login',
      answers: { 200: { description: 'Die Datei, zum Speichern.', schema: { type: 'object' } } },
      refusals: { 429: 'Zu oft in kurzer Zeit.' },
    },
  });
}
