import { DelayedError, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createRedisDeliveryLedger } from './delivery-ledger';
import { DEFAULT_MAIL_QUEUE, DEFAULT_REDIS_URL } from './mail-queue';
import { SendInProgressError, createResetMailProcessor } from './processor';
import type { ResetMailResult } from './processor';
import { RESET_MAIL_JOB } from './reset-mail';
import type { ResetMailRequest } from './reset-mail';
import { DEFAULT_MAIL_FROM } from './transport';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  /** Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  /** Default `mail`. */
  readonly queueName?: string;
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
  /** Send lease in the delivery ledger (default 120 s), see createResetMailProcessor. */
  readonly sendLeaseMs?: number;
}

export interface MailWorker {
  readonly worker: Worker<ResetMailRequest, ResetMailResult>;
  /** Lets running jobs finish, then closes the worker, the ledger's connection and the transport. */
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
  redisUrl = DEFAULT_REDIS_URL,
  queueName = DEFAULT_MAIL_QUEUE,
  logger,
  transport,
  from = DEFAULT_MAIL_FROM,
  concurrency = 2,
  lockDuration,
  stalledInterval,
  sendLeaseMs,
}: MailWorkerOptions): Promise<MailWorker> {
  const log = logger.child({ component: 'mail-worker', queue: queueName });
  const ledgerRedis = new Redis(redisUrl, { lazyConnect: true });
  ledgerRedis.on('error', throttledErrorLog(log, 'delivery ledger connection error'));
  const ledger = createRedisDeliveryLedger(ledgerRedis, { prefix: `mailer:${queueName}` });
  const processResetMail = createResetMailProcessor({
    transport,
    logger: log,
    from,
    ledger,
    ...(sendLeaseMs === undefined ? {} : { sendLeaseMs }),
  });

  const worker = new Worker<ResetMailRequest, ResetMailResult>(
    queueName,
    async (job, token) => {
      if (job.name !== RESET_MAIL_JOB) throw new UnrecoverableError(`unknown mail job "${job.name}"`);
      try {
        return await processResetMail(job);
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
    // The job data holds the reset link: log ids and the reason, never the data.
    const final = !job || err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    const fields = { err, jobId: job?.id, attemptsMade: job?.attemptsMade };
    if (final) log.error(fields, 'reset mail failed for good');
    else log.warn(fields, 'reset mail attempt failed; will retry');
  });
  worker.on('stalled', (jobId) =>
    log.warn({ jobId }, 'job stalled (its worker died or hung); running it again'),
  );

  await ledgerRedis.connect().catch((err: unknown) => {
    // ioredis keeps reconnecting; the worker must still start and wait for Redis.
    log.warn({ err }, 'delivery ledger not connected yet');
  });
  void worker.run().catch((err: unknown) => log.error({ err }, 'mail worker stopped'));
  await worker.waitUntilReady();
  log.info({ concurrency, transport: transport.kind }, 'mail worker started');

  let closing: Promise<void> | undefined;
  return {
    worker,
    close() {
      closing ??= (async () => {
        await worker.close();
        await ledgerRedis.quit().catch(() => ledgerRedis.disconnect());
        transport.close();
        log.info('mail worker stopped');
      })();
      return closing;
    },
  };
}
