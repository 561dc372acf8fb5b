import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { EnqueuedMail, Mailer } from './mailer';
import { SendInProgressError } from './processor';
import type { ResetMailProcessor } from './processor';
import { resetMailJobId } from './reset-mail';
import type { ResetMailRequest } from './reset-mail';
import type { RetryPolicy } from './mail-queue';

export interface InlineMailerOptions {
  readonly logger: Logger;
  /** Fewer and shorter than the queue's: the process may stop at any time and nothing persists. */
  readonly retry?: RetryPolicy;
  /** How long a requestId is remembered to drop duplicate enqueues; default one day. */
  readonly rememberMs?: number;
}

export interface InlineMailer extends Mailer {
  readonly mode: 'inline';
  /** Resolves when every delivery started so far has ended (sent or given up). */
  idle(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Delivers through the same processor as the worker, inside the calling process, for when no Redis is
 * reachable (like Rails' inline adapter or Laravel's sync queue). Never blocks the caller: the mail
 * goes out in the background, and its failures are logged.
 */
export function createInlineMailer(
  processor: ResetMailProcessor,
  { logger, retry = { attempts: 3, backoffMs: 1_000 }, rememberMs = 24 * 3600 * 1000 }: InlineMailerOptions,
): InlineMailer {
  const log = logger.child({ component: 'inline-mailer' });
  const seen = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let closed = false;

  function forgetOld(now: number): void {
    for (const [jobId, at] of seen) {
      if (now - at < rememberMs) break; // insertion order is age order
      seen.delete(jobId);
    }
  }

  async function deliver(jobId: string, data: ResetMailRequest): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await processor({ id: jobId, data });
        return;
      } catch (error) {
        if (error instanceof SendInProgressError) {
          await sleep(error.retryInMs);
          attempt--; // waiting for another sender is not a failed attempt
          continue;
        }
        const final = error instanceof UnrecoverableError || attempt >= retry.attempts;
        if (final) {
          log.error({ err: error, jobId, attempt }, 'reset mail failed for good');
          return;
        }
        log.warn({ err: error, jobId, attempt }, 'reset mail attempt failed; will retry');
        await sleep(retry.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  return {
    mode: 'inline',
    async enqueueResetMail(mail: ResetMailRequest): Promise<EnqueuedMail> {
      const jobId = resetMailJobId(mail.requestId);
      if (closed) throw new Error('inline mailer is closed');
      const now = Date.now();
      forgetOld(now);
      if (seen.has(jobId)) return { jobId };
      seen.set(jobId, now);
      const data: ResetMailRequest = {
        requestId: mail.requestId,
        to: mail.to,
        firstName: mail.firstName,
        lastName: mail.lastName,
        resetUrl: mail.resetUrl,
      };
      const delivery = deliver(jobId, data).finally(() => running.delete(delivery));
      running.add(delivery);
      return { jobId };
    },
    idle,
    async close() {
      closed = true;
      await idle();
    },
  };
}
