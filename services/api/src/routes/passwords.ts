import Router from '@koa/router';
import type { Logger } from 'pino';
import { forgotPasswordSchema, resetPasswordSchema } from '@platzbuchung/domain/schemas';
import type { ForgotPasswordBody, ResetPasswordBody } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import {
  completePasswordReset,
  hashResetToken,
  newResetToken,
  requestPasswordReset,
  resetTokenProblem,
  type ResetTokenProblem,
} from '../accounts/password-resets';
import { takeAll } from '../accounts/rate-limits';
import { findLoginCandidate, normalizedEmail } from '../accounts/users-store';
import { usersReachHttps } from '../config';
import type { AppDeps } from '../deps';
import type { AppState } from '../http/context';
import { badRequest } from '../http/errors';
import { rememberDevice } from '../http/known-devices';
import { newPasswordValidator, validator } from '../http/validate';
import { describeRoutes } from '../http/api-description';
import { message } from '../http/answer-schemas';

const validateForgot = validator<ForgotPasswordBody>(forgotPasswordSchema);
const validateReset = newPasswordValidator<ResetPasswordBody>(resetPasswordSchema);

const tokenMessages: Record<ResetTokenProblem, string> = {
  unknown: texts.resetTokenInvalid,
  expired: texts.resetTokenExpired,
  used: texts.resetTokenUsed,
};

const tokenRefused = (problem: ResetTokenProblem) =>
  badRequest([{ instancePath: '/resetToken', message: tokenMessages[problem] }]);

/** Forgot password and reset password. */
export function passwordRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits, clock, config } = deps;
  const secureCookies = usersReachHttps(config);
  const router = new Router<AppState>({ prefix: '/api' });

  /**
   * Looks the address up and stores a new token's hash together with its mail in the outbox (one
   * transaction), which wakes the mailer when it commits. Failures are logged, never shown: the answer must not tell
   * whether the address has an account. The log names ids only; the link is in the outbox alone.
   */
  async function sendResetLink(logger: Logger, email: string): Promise<void> {
    const user = await findLoginCandidate(db, email);
    if (!user) return;
    const { resetId, outboxId } = await requestPasswordReset(
      db,
      user,
      newResetToken(),
      config.publicUrl,
      clock(),
    );
    logger.info({ resetId, outboxId }, 'password reset requested');
  }

  /**
   * The same status and body whether or not the address has an account, and the same work before
   * answering: the limits, nothing else. Whether there is an account to mail is found out after the
   * answer has gone, so its timing cannot tell either.
   */
  router.post('/forgot-password', async (ctx) => {
    const body = validateForgot(ctx.request.body);
    const email = body.email.trim();
    await takeAll([
      [rateLimits.resetByClient, ctx.ip],
      [rateLimits.resetByEmail, normalizedEmail(email)],
    ]);
    const { logger } = ctx.state;
    void sendResetLink(logger, email).catch((err: unknown) =>
      logger.error({ err }, 'reset link could not be prepared'),
    );
    ctx.body = { message: texts.resetLinkSent };
  });

  router.post('/reset-password', async (ctx) => {
    const body = validateReset(ctx.request.body);
    const tokenHash = hashResetToken(body.resetToken);
    // Checked before hashing so a dead link is refused at once; checked again, race-free, on use.
    const problem = await resetTokenProblem(db, tokenHash, clock());
    if (problem) throw tokenRefused(problem);
    const passwordHash = await hasher.hash(body.password);
    const result = await completePasswordReset(db, tokenHash, passwordHash, clock());
    if (!result.ok) throw tokenRefused(result.problem);
    ctx.state.logger.info({ userId: result.userId }, 'password reset; all sessions ended');
    // Whoever opened the mailed link owns the mailbox: this browser is the owner's from now on.
    rememberDevice(ctx, result.userId, secureCookies);
    ctx.body = { message: texts.passwordChanged };
  });

  return describeRoutes(router, 'Konten und Vereine', {
    'POST /api/forgot-password': {
      summary: 'Einen Link zum Zurücksetzen des Passworts anfordern',
      description: 'Die Antwort ist dieselbe, ob es zur Adresse ein Konto gibt oder nicht.',
      access: 'public',
      body: forgotPasswordSchema,
      answers: { 200: { description: 'Angenommen.', schema: message() } },
      refusals: { 429: 'Zu viele Anfragen.' },
    },
    'POST /api/reset-password': {
      summary: 'Mit dem Link aus der Mail ein neues Passwort setzen',
      access: 'public',
      body: resetPasswordSchema,
      answers: { 200: { description: 'Gesetzt.', schema: message() } },
    },
  });
}
