import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createInlineDelivery } from './inline-delivery';
import { DEFAULT_REDIS_URL } from './mail-queue';
import type { Mailer } from './mailer';
import { createOutboxMailProcessor } from './processor';
import { startOutboxRelay } from './relay';
import { DEFAULT_MAIL_FROM, createMailTransport } from './transport';
import type { MailTransport } from './transport';

export interface ConnectMailerOptions {
  /** Where the outbox lives. */
  readonly db: Knex;
  /** Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  readonly logger: Logger;
  /** How long to try Redis before falling back; default 1000 ms. */
  readonly connectTimeoutMs?: number;
  /** Throw instead of falling back, for deployments that set REDIS_URL on purpose. */
  readonly requireRedis?: boolean;
  /** The rest configures the in-process fallback, which sends itself. */
  readonly smtpUrl?: string | undefined;
  readonly mailFrom?: string | undefined;
  readonly mailDir?: string | undefined;
  /** Overrides smtpUrl/mailDir, for tests. */
  readonly transport?: MailTransport;
  /** The in-process relay's poll; default 1 s. */
  readonly relayPollMs?: number;
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
 * Queue mode when Redis answers: the API only writes outbox rows, and the mailer process relays
 * and sends them. Otherwise the API relays and sends them itself, through the same processor. The
 * fallback is announced once, here, not per mail.
 */
export async function connectMailer({
  db,
  redisUrl = DEFAULT_REDIS_URL,
  logger,
  connectTimeoutMs = 1_000,
  requireRedis = false,
  smtpUrl,
  mailFrom = DEFAULT_MAIL_FROM,
  mailDir,
  transport,
  relayPollMs,
}: ConnectMailerOptions): Promise<Mailer> {
  if (await isRedisReachable(redisUrl, connectTimeoutMs)) {
    return { mode: 'queue', wake() {}, async close() {} };
  }
  if (requireRedis) throw new Error(`Redis is unreachable at ${redactUrl(redisUrl)}`);

  const inlineTransport = transport ?? createMailTransport({ smtpUrl, mailDir });
  logger.warn(
    { redisUrl: redactUrl(redisUrl), transport: inlineTransport.kind },
    'Redis is unreachable: mails are delivered in-process (set REDIS_URL and run the mailer worker in production)',
  );
  const processor = createOutboxMailProcessor({
    db,
    transport: inlineTransport,
    logger: logger.child({ component: 'inline-mailer' }),
    from: mailFrom,
  });
  const delivery = createInlineDelivery(processor, { db, logger });
  const relay = startOutboxRelay({
    db,
    logger,
    hand: delivery.hand,
    ...(relayPollMs === undefined ? {} : { pollMs: relayPollMs }),
  });
  return {
    mode: 'inline',
    wake: relay.wake,
    async close() {
      await relay.stop();
      await delivery.close();
      if (!transport) inlineTransport.close();
    },
  };
}
