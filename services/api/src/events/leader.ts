/**
 * Runs the subscriptions in one API process of a deployment at a time (docs/architecture/event-log.md,
 * "Subscriptions"). Every API worker asks for a PostgreSQL advisory lock on a connection of its
 * own; the one that gets it runs the subscriptions, the others ask again now and then. When the
 * leader stops or dies, its connection ends, the lock is free, and another worker takes over where
 * the checkpoints stand.
 */
import pg from 'pg';
import { hostResolver } from '@platzbuchung/outbox/database-hosts';
import type { Logger } from 'pino';
import { startSubscriptions, type SubscriptionsOptions, type SubscriptionsRunner } from './subscriptions';

/** The advisory lock's key: any fixed number the app uses for nothing else. */
const LEADER_LOCK = 7_318_004;

export interface LeaderOptions extends SubscriptionsOptions {
  /** How often a follower asks for the lock; default 5 s. */
  retryMs?: number;
}

export interface SubscriptionsLeader {
  /** Whether this process runs the subscriptions right now. */
  isLeader(): boolean;
  /** Stops the subscriptions (if this process runs them) and gives the lock back. */
  stop(): Promise<void>;
}

export function startSubscriptionsAsLeader(options: LeaderOptions): SubscriptionsLeader {
  const { databaseUrl, logger, retryMs = 5_000 } = options;
  const log: Logger = logger.child({ component: 'subscriptions-leader' });
  let client: pg.Client | undefined;
  let runner: SubscriptionsRunner | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const resolveHost = hostResolver(databaseUrl, { application_name: 'subscriptions-leader' });

  const resign = async () => {
    const running = runner;
    runner = undefined;
    await running?.stop();
  };

  const attempt = async () => {
    timer = undefined;
    if (stopped) return;
    let candidate: pg.Client | undefined;
    try {
      // The lock must be the primary's: with several hosts in the URL, the writable one is found first.
      const connection = new pg.Client(await resolveHost());
      candidate = connection;
      connection.on('error', (err) => log.warn({ err }, 'lost the leader connection'));
      await connection.connect();
      const { rows } = await connection.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [LEADER_LOCK],
      );
      if (!rows[0]?.locked || stopped) {
        await connection.end();
      } else {
        client = connection;
        connection.once('end', () => {
          // The lock went with the connection: stop, and try to become leader again.
          if (client !== connection || stopped) return;
          client = undefined;
          void resign().then(() => schedule());
        });
        runner = startSubscriptions(options);
        log.info('this process runs the subscriptions');
        return;
      }
    } catch (err) {
      log.warn({ err }, 'could not ask for the subscriptions lock');
      await candidate?.end().catch(() => undefined);
    }
    schedule();
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  };

  void attempt();
  return {
    isLeader: () => runner !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await resign();
      const held = client;
      client = undefined;
      await held?.end().catch(() => undefined);
    },
  };
}
