import Router from '@koa/router';
import type { Logger } from 'pino';
import { forgotPasswordSchema, resetPasswordSchema } from '@platzbuchung/domain/schemas';
import type { ForgotPasswordBody, ResetPasswordBody } from '@platzbuchung/domain/schemas';
import { texts } from '@platzbuchung/domain/texts';
import {
  completePasswordReset,
  hashResetToken,
  insertPasswordReset,
  newResetToken,
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

const validateForgot = validator<ForgotPasswordBody>(forgotPasswordSchema);
const validateReset = newPasswordValidator<ResetPasswordBody>(resetPasswordSchema);

/** A hung Redis must not hold the request open; the mail is then lost and logged, the answer the same. */
const ENQUEUE_TIMEOUT_MS = 2_000;

const tokenMessages: Record<ResetTokenProblem, string> = {
  unknown: texts.resetTokenInvalid,
  expired: texts.resetTokenExpired,
  used: texts.resetTokenUsed,
};

const tokenRefused = (problem: ResetTokenProblem) =>
  badRequest([{ instancePath: '/resetToken', message: tokenMessages[problem] }]);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Forgot password and reset password. */
export function passwordRoutes(deps: AppDeps): Router<AppState> {
  const { db, hasher, rateLimits, mailer, clock, config } = deps;
  const secureCookies = usersReachHttps(config);
  const router = new Router<AppState>({ prefix: '/api' });

  /**
   * Looks the address up, stores a new token's hash and hands the mail to the mailer. Failures are
   * logged, never shown: the answer must not tell whether the address has an account.
   */
  async function sendResetLink(logger: Logger, email: string): Promise<void> {
    const user = await findLoginCandidate(db, email);
    if (!user) return;
    const token = newResetToken();
    const requestId = await insertPasswordReset(db, user._id, hashResetToken(token), clock());
    try {
      const { jobId } = await withTimeout(
        mailer.enqueueResetMail({
          requestId,
          to: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          resetUrl: `${config.publicUrl}/reset-password?token=${token}`,
        }),
        ENQUEUE_TIMEOUT_MS,
        'enqueueing the reset mail',
      );
      logger.info({ resetId: requestId, jobId }, 'password reset requested');
    } catch (err) {
      // The link is in the job, not in the log: log only ids and the reason.
      logger.error({ err, resetId: requestId }, 'reset mail could not be enqueued');
    }
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

  return router;
}
