import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { RetryPolicy } from './mail-queue';
import { recordFailedAttempt } from '@platzbuchung/outbox/outbox';
import type { OutboxDb } from '@platzbuchung/outbox/outbox';
import { SendInProgressError } from './processor';
import type { OutboxMailProcessor } from './processor';

export interface InlineDeliveryOptions {
  readonly db: OutboxDb;
  readonly logger: Logger;
  /** Fewer and shorter than the queue's: the process may stop at any time. */
  readonly retry?: RetryPolicy;
}

export interface InlineDelivery {
  /** Starts delivering one outbox mail in the background; resolves at once. */
  hand(outboxId: string): Promise<void>;
  /** Resolves when every delivery started so far has ended (sent or given up). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Delivers outbox mails through the same processor as the worker, inside the calling process, for
 * when no Redis is reachable (like Rails' inline adapter or Laravel's sync queue). What this
 * process does not finish (it stops, it crashes) stays waiting in the outbox and is handed over
 * again by the relay.
 */
export function createInlineDelivery(
  processor: OutboxMailProcessor,
  { db, logger, retry = { attempts: 3, backoffMs: 1_000 } }: InlineDeliveryOptions,
): InlineDelivery {
  const log = logger.child({ component: 'inline-mailer' });
  const running = new Map<string, Promise<void>>();
  let closed = false;

  async function deliver(outboxId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await processor({ data: { outboxId } });
        return;
      } catch (error) {
        if (error instanceof SendInProgressError) {
          await sleep(error.retryInMs);
          attempt--; // waiting for another sender is not a failed attempt
          continue;
        }
        const final = error instanceof UnrecoverableError || attempt >= retry.attempts;
        const reason = error instanceof Error ? error.message : String(error);
        await recordFailedAttempt(db, outboxId, reason, final).catch((recordError: unknown) =>
          log.error({ err: recordError, outboxId }, 'could not record the failed attempt'),
        );
        if (final) {
          log.error({ err: error, outboxId, attempt }, 'mail failed for good');
          return;
        }
        log.warn({ err: error, outboxId, attempt }, 'mail attempt failed; will retry');
        if (closed) return; // stays waiting in the outbox; the next start sends it
        await sleep(retry.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all(running.values());
  }

  return {
    async hand(outboxId) {
      if (closed) throw new Error('inline mailer is closed');
      if (running.has(outboxId)) return;
      const delivery = deliver(outboxId).finally(() => running.delete(outboxId));
      running.set(outboxId, delivery);
    },
    idle,
    async close() {
      closed = true;
      await idle();
    },
  };
}
