import type { Logger } from 'pino';
import { purgeOldMailBodies, purgeOldSentMails } from '@platzbuchung/outbox/outbox';
import { purgeOldPasswordResets } from './accounts/password-resets';
import type { Db } from './db/connect';
import { purgeExpiredSessions } from './http/session';
import { purgeExpiredLeases } from './live/leases';

/**
 * Expired sessions and live-stream leases, rate-limit counters, old reset tokens and long-sent mails are
 * removed now and then, so the tables stay small; mails' bodies go after `mailRetentionDays`
 * (docs/privacy-erasure.md).
 */
export function startHousekeeping(
  db: Db,
  logger: Logger,
  retention: { mailRetentionDays: number },
  everyMs = 10 * 60 * 1000,
): () => void {
  const run = async () => {
    try {
      const sessions = await purgeExpiredSessions(db);
      const limits = await db('rate_limits').where('expire', '<', Date.now()).delete();
      const resets = await purgeOldPasswordResets(db);
      const mails = await purgeOldSentMails(db);
      const leases = await purgeExpiredLeases(db);
      const mailBodies = await purgeOldMailBodies(db, retention.mailRetentionDays);
      if (sessions || limits || resets || mails || leases || mailBodies) {
        logger.info({ sessions, limits, resets, mails, leases, mailBodies }, 'expired rows removed');
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
