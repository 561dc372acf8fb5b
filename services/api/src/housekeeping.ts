import type { Logger } from 'pino';
import { expireHeldMails, purgeOldSentMails } from '@platzbuchung/outbox/outbox';
import { purgeOldEmailConfirmations } from './accounts/email-confirmations';
import { purgeOldPasswordResets } from './accounts/password-resets';
import type { Db } from './db/connect';
import { purgeExpiredSessions } from './http/session';

/**
 * Expired sessions, rate-limit counters, old reset and confirmation tokens and long-sent mails are removed
 * now and then, and notices held too long for an unconfirmed address are dropped, so the tables stay small.
 */
export function startHousekeeping(db: Db, logger: Logger, everyMs = 10 * 60 * 1000): () => void {
  const run = async () => {
    try {
      const sessions = await purgeExpiredSessions(db);
      const limits = await db('rate_limits').where('expire', '<', Date.now()).delete();
      const resets = await purgeOldPasswordResets(db);
      const confirmations = await purgeOldEmailConfirmations(db);
      const mails = await purgeOldSentMails(db);
      const held = await expireHeldMails(db);
      if (sessions || limits || resets || confirmations || mails || held) {
        logger.info({ sessions, limits, resets, confirmations, mails, held }, 'expired rows removed');
      }
    } catch (err) {
      logger.warn({ err }, 'housekeeping failed');
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
