import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { listenOn } from '@platzbuchung/outbox/listen';
import { OUTBOX_CHANNEL } from '@platzbuchung/outbox/outbox';
import { createInlineDelivery } from './inline-delivery';
import { DEFAULT_REDIS_URL } from './mail-queue';
import type { Mailer } from './mailer';
import { startMailService } from './mail-service';
import { createOutboxMailProcessor } from './processor';
import { startOutboxRelay } from './relay';
import { DEFAULT_MAIL_FROM } from './transport';
import type { MailTransport } from './transport';

export interface ConnectMailerOptions {
  /** Where the outbox lives. */
  readonly db: Knex;
  /** For the connection that LISTENs for new outbox rows; without it the relay only polls. */
  readonly databaseUrl?: string;
  /** Default `redis://127.0.0.1:6379`. */
  readonly redisUrl?: string;
  /** This deployment's queue (MAIL_QUEUE). */
  readonly queueName: string;
  readonly logger: Logger;
  /** How long to try Redis before falling back; default 1000 ms. */
  readonly connectTimeoutMs?: number;
  /** Throw instead of falling back, for deployments that set REDIS_URL on purpose. */
  readonly requireRedis?: boolean;
  readonly transport: MailTransport;
  readonly mailFrom?: string | undefined;
  /** The relay's poll; default 1 s. */
  readonly relayPollMs?: number;
  /** How soon a broken LISTEN connection is opened again; default 5 s. */
  readonly listenReconnectMs?: number;
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
 * The mailer process's work, in one of two modes. Queue mode when Redis answers: the relay hands
 * outbox rows to BullMQ and the worker sends them (./mail-service). Otherwise inline: the relay
 * hands them to a delivery inside this process, through the same processor; the fallback is
 * announced once, here, not per mail. In both, a committed outbox row wakes the relay through
 * PostgreSQL's NOTIFY (@platzbuchung/outbox), and the relay's poll catches what a lost
 * notification missed. The API only writes outbox rows: it meets the mailer nowhere else.
 */
export async function connectMailer(options: ConnectMailerOptions): Promise<Mailer> {
  const mailer = await startMode(options);
  if (!options.databaseUrl) return mailer;
  const listener = listenOn(
    options.databaseUrl,
    OUTBOX_CHANNEL,
    {
      reconnectMs: options.listenReconnectMs ?? 5_000,
      applicationName: 'mailer',
      logger: options.logger,
    },
    { onNotify: mailer.wake, onOpen: mailer.wake },
  );
  return {
    mode: mailer.mode,
    wake: mailer.wake,
    async close() {
      await listener.close();
      await mailer.close();
    },
  };
}

async function startMode({
  db,
  redisUrl = DEFAULT_REDIS_URL,
  queueName,
  logger,
  connectTimeoutMs = 1_000,
  requireRedis = false,
  transport,
  mailFrom = DEFAULT_MAIL_FROM,
  relayPollMs,
}: ConnectMailerOptions): Promise<Mailer> {
  const poll = relayPollMs === undefined ? {} : { pollMs: relayPollMs };
  if (await isRedisReachable(redisUrl, connectTimeoutMs)) {
    const service = await startMailService({
      db,
      redisUrl,
      queueName,
      logger,
      transport,
      from: mailFrom,
      ...(relayPollMs === undefined ? {} : { relayPollMs }),
    });
    return { mode: 'queue', wake: service.relay.wake, close: service.close };
  }
  if (requireRedis) throw new Error(`Redis is unreachable at ${redactUrl(redisUrl)}`);

  logger.warn(
    { redisUrl: redactUrl(redisUrl), transport: transport.kind },
    'Redis is unreachable: this process delivers the mails itself (set REDIS_URL for the queue)',
  );
  const processor = createOutboxMailProcessor({
    db,
    transport,
    logger: logger.child({ component: 'inline-mailer' }),
    from: mailFrom,
  });
  const delivery = createInlineDelivery(processor, { db, logger });
  const relay = startOutboxRelay({ db, logger, hand: delivery.hand, ...poll });
  return {
    mode: 'inline',
    wake: relay.wake,
    async close() {
      await relay.stop();
      await delivery.close();
      transport.close();
    },
  };
}
