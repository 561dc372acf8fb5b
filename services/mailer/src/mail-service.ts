import knex, { type Knex } from 'knex';
import { knexClientOptions } from '@platzbuchung/outbox/database-hosts';
import { createMailQueue } from './mail-queue';
import type { MailQueue, RetryPolicy } from './mail-queue';
import { startOutboxRelay } from './relay';
import type { OutboxRelay } from './relay';
import { startMailWorker } from './worker';
import type { MailWorker, MailWorkerOptions } from './worker';

/** A small pool: the relay and a couple of concurrent sends are all that use it. */
export function connectOutboxDb(databaseUrl: string): Knex {
  return knex({ ...knexClientOptions(databaseUrl), pool: { min: 0, max: 4 } });
}

export interface MailServiceOptions extends MailWorkerOptions {
  readonly retry?: RetryPolicy;
  /** The relay's poll; default 1 s. */
  readonly relayPollMs?: number;
}

export interface MailService {
  readonly queue: MailQueue;
  readonly relay: OutboxRelay;
  readonly worker: MailWorker;
  /** Stops relaying, lets running jobs finish, closes the queue. */
  close(): Promise<void>;
}

/**
 * The mailer process's work: the relay hands outbox rows to this deployment's queue, the worker
 * sends them. The relay runs here rather than in the API: one process per deployment owns the
 * queue, and the API needs no Redis to take a request (docs/architecture/mail.md).
 */
export async function startMailService(options: MailServiceOptions): Promise<MailService> {
  const { db, redisUrl, queueName, logger, retry, relayPollMs } = options;
  const queue = createMailQueue({
    queueName,
    logger,
    ...(redisUrl === undefined ? {} : { redisUrl }),
    ...(retry === undefined ? {} : { retry }),
  });
  const worker = await startMailWorker(options);
  const relay = startOutboxRelay({
    db,
    logger,
    hand: queue.hand,
    ...(relayPollMs === undefined ? {} : { pollMs: relayPollMs }),
  });
  let closing: Promise<void> | undefined;
  return {
    queue,
    relay,
    worker,
    close() {
      closing ??= (async () => {
        await relay.stop();
        await worker.close();
        await queue.close();
      })();
      return closing;
    },
  };
}
