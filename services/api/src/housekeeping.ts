import type { Logger } from 'pino';
import { expireHeldMails, purgeOldMailBodies, purgeOldSentMails } from '@platzbuchung/outbox/outbox';
import { purgeOldPushes } from '@platzbuchung/outbox/push-outbox';
import { purgeOldEmailConfirmations } from './accounts/email-confirmations';
import { purgeOldPasswordResets } from './accounts/password-resets';
import type { Db } from './db/connect';
import { purgeExpiredSessions } from './http/session';
import { purgeExpiredLeases } from './live/leases';
import { purgeOldCheckIns, purgeOldNoShows } from './check-in/release-job';
import { purgeRevokedMandates } from './sepa/mandates';

/**
 * Expired sessions and live-stream leases, rate-limit counters, old reset and confirmation tokens and
 * long-sent mails and push messages, no-shows that count no more, check-ins of hours long over and revoked SEPA mandates past their keeping time are removed now and then, and notices held too long for an unconfirmed address are
 * dropped, so the tables stay small; mails' bodies go after `mailRetentionDays` (docs/privacy-erasure.md).
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
      const confirmations = await purgeOldEmailConfirmations(db);
      const mails = await purgeOldSentMails(db);
      const leases = await purgeExpiredLeases(db);
      const mailBodies = await purgeOldMailBodies(db, retention.mailRetentionDays);
      const held = await expireHeldMails(db);
      const pushes = await purgeOldPushes(db, retention.mailRetentionDays);
      const noShows = await purgeOldNoShows(db, new Date());
      const checkIns = await purgeOldCheckIns(db, new Date());
      const mandates = await purgeRevokedMandates(db);
      const removed = [
        sessions,
        limits,
        resets,
        confirmations,
        mails,
        leases,
        mailBodies,
        held,
        pushes,
        noShows,
        checkIns,
        mandates,
      ];
      if (removed.some((count) => count > 0)) {
        logger.info(
          {
            sessions,
            limits,
            resets,
            confirmations,
            mails,
            leases,
            mailBodies,
            held,
            pushes,
            noShows,
            checkIns,
            mandates,
          },
          'expired rows removed',
        );
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
