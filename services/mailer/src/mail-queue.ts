import { Queue } from 'bullmq';
import type { ConnectionOptions, JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { OutboxJobData } from './processor';
import { parseDatabaseHosts } from '@platzbuchung/outbox/database-hosts';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Every job has this name; the worker refuses jobs of any other. */
export const OUTBOX_MAIL_JOB = 'outbox-mail';

/**
 * The queue's name for one deployment: `MAIL_QUEUE`, else derived from the database's name, so two
 * deployments on one Redis (each with its own database) never take each other's jobs.
 */
export function defaultQueueName(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'mail';
  try {
    // Several hosts (a failover pair) name one database: read it from the first host's URL.
    const [firstHost = databaseUrl] = parseDatabaseHosts(databaseUrl).urls;
    const database = decodeURIComponent(new URL(firstHost).pathname.replace(/^\//, ''));
    // BullMQ joins key parts with ':'; keep the name to characters that cannot break that.
    const safe = database.replace(/[^A-Za-z0-9_.-]/g, '_');
    return safe ? `mail-${safe}` : 'mail';
  } catch {
    return 'mail';
  }
}

export interface RetryPolicy {
  /** Total tries, the first included. */
  readonly attempts: number;
  /** First pause; each later one doubles (10 s, 20 s, 40 s, 80 s by default). */
  readonly backoffMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, backoffMs: 10_000 };

/**
 * The job is removed once finished: the outbox row is the record of what was sent or failed, and a
 * removed id can be added again when an admin retries a failed mail.
 */
export function outboxJobOptions(outboxId: string, retry: RetryPolicy = defaultRetryPolicy): JobsOptions {
  return {
    jobId: outboxId,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    removeOnComplete: true,
    removeOnFail: true,
  };
}

export interface MailQueueOptions {
  /** Used when `connection` is not given. Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  /** BullMQ connection options or an ioredis instance (which the caller then closes). */
  readonly connection?: ConnectionOptions;
  /** The worker must listen on the same name (see defaultQueueName). */
  readonly queueName: string;
  readonly logger: Logger;
  readonly retry?: RetryPolicy;
}

export interface MailQueue {
  readonly queue: Queue<OutboxJobData>;
  /**
   * Hands one outbox mail to the queue; resolves once Redis has it. Handing the same id again while
   * its job exists is harmless: BullMQ ignores an `add` with an existing job id.
   */
  hand(outboxId: string): Promise<void>;
  close(): Promise<void>;
}

export function createMailQueue({
  redisUrl = DEFAULT_REDIS_URL,
  connection,
  queueName,
  logger,
  retry = defaultRetryPolicy,
}: MailQueueOptions): MailQueue {
  const log = logger.child({ component: 'mail-queue', queue: queueName });
  const queue = new Queue<OutboxJobData>(queueName, {
    // Without an offline queue an add fails at once while Redis is down, and the row stays waiting.
    connection: connection ?? { url: redisUrl, enableOfflineQueue: false },
  });
  queue.on('error', (err) => log.debug({ err }, 'mail queue error'));

  return {
    queue,
    async hand(outboxId) {
      await queue.add(OUTBOX_MAIL_JOB, { outboxId }, outboxJobOptions(outboxId, retry));
    },
    async close() {
      await queue.close();
    },
  };
}
