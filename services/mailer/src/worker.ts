import { DelayedError, UnrecoverableError, Worker } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { DEFAULT_REDIS_URL, OUTBOX_MAIL_JOB } from './mail-queue';
import { recordFailedAttempt } from '@platzbuchung/outbox/outbox';
import { SendInProgressError, createOutboxMailProcessor, parseOutboxJob } from './processor';
import type { OutboxJobData, OutboxMailResult } from './processor';
import { DEFAULT_MAIL_FROM } from './transport';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  readonly db: Knex;
  /** Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  readonly queueName: string;
  readonly logger: Logger;
  readonly transport: MailTransport;
  /** Default `Platzbuchung <no-reply@localhost>`. */
  readonly from?: string;
  /** Mails are few and SMTP servers throttle parallel senders; default 2. */
  readonly concurrency?: number;
  /** BullMQ lock of a running job (default 30 s); a crashed worker's job is retried after it runs out. */
  readonly lockDuration?: number;
  /** How often BullMQ looks for jobs whose lock ran out (default 30 s). */
  readonly stalledInterval?: number;
  /** Send lease in the outbox row (default 120 s), see createOutboxMailProcessor. */
  readonly sendLeaseMs?: number;
}

export interface MailWorker {
  readonly worker: Worker<OutboxJobData, OutboxMailResult>;
  /** Lets running jobs finish, then closes the worker and the transport. */
  close(): Promise<void>;
}

/** While Redis is down every reconnect fails the same way; one line per half minute is enough. */
function throttledErrorLog(log: Logger, message: string, everyMs = 30_000): (err: Error) => void {
  let last = '';
  let lastAt = 0;
  return (err) => {
    const now = Date.now();
    if (err.message === last && now - lastAt < everyMs) return;
    last = err.message;
    lastAt = now;
    log.error({ err }, message);
  };
}

export async function startMailWorker({
  db,
  redisUrl = DEFAULT_REDIS_URL,
  queueName,
  logger,
  transport,
  from = DEFAULT_MAIL_FROM,
  concurrency = 2,
  lockDuration,
  stalledInterval,
  sendLeaseMs,
}: MailWorkerOptions): Promise<MailWorker> {
  const log = logger.child({ component: 'mail-worker', queue: queueName });
  const processOutboxMail = createOutboxMailProcessor({
    db,
    transport,
    logger: log,
    from,
    ...(sendLeaseMs === undefined ? {} : { sendLeaseMs }),
  });

  const worker = new Worker<OutboxJobData, OutboxMailResult>(
    queueName,
    async (job, token) => {
      if (job.name !== OUTBOX_MAIL_JOB) throw new UnrecoverableError(`unknown mail job "${job.name}"`);
      try {
        return await processOutboxMail(job);
      } catch (error) {
        if (error instanceof SendInProgressError && token) {
          // Waiting out another sender's lease is not a failure, so it must not use up an attempt.
          log.info(
            { jobId: job.id, retryInMs: error.retryInMs },
            'another worker holds the send lease; waiting',
          );
          await job.moveToDelayed(Date.now() + error.retryInMs + 50, token);
          throw new DelayedError();
        }
        throw error;
      }
    },
    {
      // Blocking commands must wait for Redis as long as it takes (BullMQ's production guide).
      connection: { url: redisUrl, maxRetriesPerRequest: null },
      concurrency,
      ...(lockDuration === undefined ? {} : { lockDuration }),
      ...(stalledInterval === undefined ? {} : { stalledInterval }),
      autorun: false,
    },
  );

  worker.on('error', throttledErrorLog(log, 'mail worker error'));
  worker.on('failed', (job, err) => {
    const final = !job || err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    const fields = { err, jobId: job?.id, attemptsMade: job?.attemptsMade };
    if (final) log.error(fields, 'mail failed for good');
    else log.warn(fields, 'mail attempt failed; will retry');
    if (!job) return;
    let outboxId: string;
    try {
      outboxId = parseOutboxJob(job.data).outboxId;
    } catch {
      return;
    }
    // The outbox row is what admins and the CLI see: every failed attempt, and the final one.
    recordFailedAttempt(db, outboxId, err.message, final).catch((recordError: unknown) =>
      log.error({ err: recordError, outboxId }, 'could not record the failed attempt'),
    );
  });
  worker.on('stalled', (jobId) =>
    log.warn({ jobId }, 'job stalled (its worker died or hung); running it again'),
  );

  void worker.run().catch((err: unknown) => log.error({ err }, 'mail worker stopped'));
  await worker.waitUntilReady();
  log.info({ concurrency, transport: transport.kind }, 'mail worker started');

  let closing: Promise<void> | undefined;
  return {
    worker,
    close() {
      closing ??= (async () => {
        await worker.close();
        transport.close();
        log.info('mail worker stopped');
      })();
      return closing;
    },
  };
}
