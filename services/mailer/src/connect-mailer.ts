import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createMemoryDeliveryLedger } from './delivery-ledger';
import { createInlineMailer } from './inline-mailer';
import { DEFAULT_MAIL_QUEUE, DEFAULT_REDIS_URL, createMailQueue } from './mail-queue';
import type { RetryPolicy } from './mail-queue';
import type { Mailer } from './mailer';
import { createResetMailProcessor } from './processor';
import { DEFAULT_MAIL_FROM, createMailTransport } from './transport';
import type { MailTransport } from './transport';

export interface ConnectMailerOptions {
  /** Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  /** Default `mail`. */
  readonly queueName?: string;
  readonly logger: Logger;
  /** How long to try Redis before falling back; default 1000 ms. */
  readonly connectTimeoutMs?: number;
  /** Throw instead of falling back, for deployments that set REDIS_URL on purpose. */
  readonly requireRedis?: boolean;
  /** Retry policy of queued mails. */
  readonly retry?: RetryPolicy;
  /** The rest configures the in-process fallback, which sends itself. */
  readonly smtpUrl?: string | undefined;
  readonly mailFrom?: string | undefined;
  readonly mailDir?: string | undefined;
  /** Overrides smtpUrl/mailDir, for tests. */
  readonly transport?: MailTransport;
}

/** For logs: the URL without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** One PING with a short deadline, no reconnects and no queued commands. */
export async function isRedisReachable(redisUrl: string, timeoutMs: number): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on('error', () => {
    // The outcome is reported by the return value; without a listener ioredis would print each error.
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = probe
      .connect()
      .then(() => probe.ping())
      .then((answer) => answer === 'PONG')
      .catch(() => false);
    return await Promise.race([ping, deadline]);
  } finally {
    clearTimeout(timer);
    probe.disconnect();
  }
}

/**
 * The BullMQ queue when Redis answers, otherwise the in-process fallback through the same
 * processor. The fallback is announced once, here, not per mail.
 */
export async function connectMailer({
  redisUrl = DEFAULT_REDIS_URL,
  queueName = DEFAULT_MAIL_QUEUE,
  logger,
  connectTimeoutMs = 1_000,
  requireRedis = false,
  retry,
  smtpUrl,
  mailFrom = DEFAULT_MAIL_FROM,
  mailDir,
  transport,
}: ConnectMailerOptions): Promise<Mailer> {
  if (await isRedisReachable(redisUrl, connectTimeoutMs)) {
    return createMailQueue({ redisUrl, queueName, logger, ...(retry ? { retry } : {}) });
  }
  if (requireRedis) throw new Error(`Redis is unreachable at ${redactUrl(redisUrl)}`);

  const inlineTransport = transport ?? createMailTransport({ smtpUrl, mailDir });
  logger.warn(
    { redisUrl: redactUrl(redisUrl), transport: inlineTransport.kind },
    'Redis is unreachable: mails are delivered in-process (set REDIS_URL and run the mailer worker in production)',
  );
  const processor = createResetMailProcessor({
    transport: inlineTransport,
    logger: logger.child({ component: 'inline-mailer' }),
    from: mailFrom,
    ledger: createMemoryDeliveryLedger(),
  });
  const inline = createInlineMailer(processor, { logger });
  return {
    mode: 'inline',
    enqueueResetMail: inline.enqueueResetMail,
    async close() {
      await inline.close();
      if (!transport) inlineTransport.close();
    },
  };
}
