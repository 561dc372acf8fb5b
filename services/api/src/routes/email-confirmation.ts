/**
 * Confirming a member's address (docs/architecture/mail.md, "Confirmed addresses"): the mailed link's
 * page posts its token here (no session needed: the link may be opened on another device), and the
 * account panel asks whether the address is confirmed and sends the link again. A link mailed to a
 * new address (`PUT /api/account/email`) is used here too, and switches the account over.
 */
import Router from '@koa/router';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import {
  confirmationTexts,
  confirmEmailSchema,
  type ConfirmEmailBody,
} from '@platzbuchung/domain/mail/email-confirmation';
import {
  confirmEmail,
  emailConfirmed,
  hashConfirmationToken,
  requestEmailConfirmation,
} from '../accounts/email-confirmations';
import { pendingEmailChange } from '../accounts/pending-email-change';
import { takeAll } from '../accounts/rate-limits';
import type { AppDeps } from '../deps';
import { requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { badRequest } from '../http/errors';
import { validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { emailState, message } from '../http/answer-schemas';

const validateConfirm = validator<ConfirmEmailBody>(confirmEmailSchema, () => confirmationTexts.linkInvalid);

export function emailConfirmationRoutes(deps: AppDeps): Router<AppState> {
  const { db, clock, config, rateLimits } = deps;
  const router = new Router<AppState>({ prefix: '/api' });

  router.post('/confirm-email', async (ctx) => {
    const { token } = validateConfirm(ctx.request.body);
    const result = await confirmEmail(db, hashConfirmationToken(token), clock(), config.publicUrl);
    if (!result.ok) {
      throw badRequest(
        result.problem === 'taken' ? emailChangeTexts.takenMeanwhile : confirmationTexts.linkInvalid,
      );
    }
    const { userId, changed, released, dropped } = result;
    ctx.state.logger.info(
      { userId, released, dropped },
      changed ? 'e-mail address changed' : 'e-mail address confirmed',
    );
    ctx.body = { message: changed ? emailChangeTexts.changed : confirmationTexts.confirmed };
  });

  router.get('/account/email', requireLogin(db), async (ctx) => {
    const user = sessionUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    const [confirmed, pending] = await Promise.all([
      emailConfirmed(db, user._id),
      pendingEmailChange(db, user._id, clock()),
    ]);
    ctx.body = { email: user.email, confirmed, pending_email: pending?.email ?? null };
  });

  /** Each request mails the member's address, so it has a limit of its own (docs/security/mail.md). */
  router.post('/account/email/confirmation', requireLogin(db), async (ctx) => {
    const user = sessionUser(ctx);
    if (await emailConfirmed(db, user._id)) throw badRequest(confirmationTexts.alreadyConfirmed);
    await takeAll([[rateLimits.confirmationByUser, user._id]]);
    const outboxId = await db.transaction((trx) =>
      requestEmailConfirmation(trx, { ...user, id: user._id }, config.publicUrl, clock()),
    );
    ctx.state.logger.info({ userId: user._id, outboxId }, 'confirmation link requested');
    ctx.body = { message: confirmationTexts.linkSent };
  });

  return describeRoutes(router, 'Eigenes Konto', {
    'POST /api/confirm-email': {
      summary: 'Eine E-Mail-Adresse mit dem Link aus der Mail bestätigen (auch eine neue)',
      access: 'public',
      body: confirmEmailSchema,
      answers: { 200: { description: 'Bestätigt.', schema: message() } },
    },
    'GET /api/account/email': {
      summary: 'Die eigene Adresse: ob sie bestätigt ist und ob eine neue wartet',
      access: 'login',
      answers: { 200: { description: 'Der Stand.', schema: emailState } },
    },
    'POST /api/account/email/confirmation': {
      summary: 'Den Bestätigungslink noch einmal senden',
      access: 'login',
      answers: { 200: { description: 'Gesendet.', schema: message() } },
      refusals: { 429: 'Zu oft in kurzer Zeit.' },
    },
  });
}
