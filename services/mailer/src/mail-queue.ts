import { Queue } from 'bullmq';
import type { ConnectionOptions, JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { EnqueuedMail, Mailer } from './mailer';
import { RESET_MAIL_JOB, resetMailJobId } from './reset-mail';
import type { ResetMailRequest } from './reset-mail';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_MAIL_QUEUE = 'mail';

export interface RetryPolicy {
  /** Total tries, the first included. */
  readonly attempts: number;
  /** First pause; each later one doubles (10 s, 20 s, 40 s, 80 s by default). */
  readonly backoffMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, backoffMs: 10_000 };

/**
 * Finished jobs are dropped after a day. The job data holds a reset link, which is worthless after
 * its hour anyway, and the delivered marker, not the job, is what prevents a second mail.
 */
export function resetMailJobOptions(requestId: string, retry: RetryPolicy = defaultRetryPolicy): JobsOptions {
  return {
    jobId: resetMailJobId(requestId),
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 24 * 3600, count: 1000 },
  };
}

export interface MailQueueOptions {
  /** Used when `connection` is not given. Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  /** BullMQ connection options or an ioredis instance (which the caller then closes). */
  readonly connection?: ConnectionOptions;
  /** Default `mail`; the worker must listen on the same name. */
  readonly queueName?: string;
  readonly logger: Logger;
  readonly retry?: RetryPolicy;
}

export interface MailQueue extends Mailer {
  readonly mode: 'queue';
  readonly queue: Queue;
}

export function createMailQueue({
  redisUrl = DEFAULT_REDIS_URL,
  connection,
  queueName = DEFAULT_MAIL_QUEUE,
  logger,
  retry = defaultRetryPolicy,
}: MailQueueOptions): MailQueue {
  const log = logger.child({ component: 'mail-queue', queue: queueName });
  const queue = new Queue(queueName, {
    // A producer sits in an HTTP request: it should fail fast rather than queue commands offline.
    connection: connection ?? { url: redisUrl, enableOfflineQueue: false },
  });
  queue.on('error', (err) => log.error({ err }, 'mail queue error'));

  return {
    mode: 'queue',
    queue,
    async enqueueResetMail(mail: ResetMailRequest): Promise<EnqueuedMail> {
      // Copy field by field: whatever else the caller's object carries must not end up in Redis.
      const data: ResetMailRequest = {
        requestId: mail.requestId,
        to: mail.to,
        firstName: mail.firstName,
        lastName: mail.lastName,
        resetUrl: mail.resetUrl,
      };
      const job = await queue.add(RESET_MAIL_JOB, data, resetMailJobOptions(mail.requestId, retry));
      const jobId = job.id ?? resetMailJobId(mail.requestId);
      log.debug({ jobId }, 'reset mail enqueued');
      return { jobId };
    },
    async close() {
      await queue.close();
    },
  };
}
