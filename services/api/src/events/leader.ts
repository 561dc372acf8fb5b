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

/** Work one process of the deployment runs at a time: started when it becomes leader, stopped when it is no more. */
export interface LeaderWork {
  stop(): Promise<void>;
}

export interface AsLeaderOptions {
  databaseUrl: string;
  logger: Logger;
  /** The advisory lock's key: a fixed number of its own for each kind of work. */
  lock: number;
  /** The work's name in the logs. */
  name: string;
  retryMs?: number;
  start(): LeaderWork;
}

export function startSubscriptionsAsLeader(options: LeaderOptions): SubscriptionsLeader {
  return startAsLeader({
    databaseUrl: options.databaseUrl,
    logger: options.logger,
    lock: LEADER_LOCK,
    name: 'subscriptions',
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    start: (): SubscriptionsRunner => startSubscriptions(options),
  });
}

/**
 * Runs `start`'s work in the one process that holds the advisory lock `lock`, on a connection of its
 * own; the others ask again every `retryMs`. When the leader's connection ends, so does its work,
 * and another process takes the lock and starts it.
 */
export function startAsLeader(options: AsLeaderOptions): SubscriptionsLeader {
  const { databaseUrl, logger, retryMs = 5_000, lock, name } = options;
  const log: Logger = logger.child({ component: `${name}-leader` });
  let client: pg.Client | undefined;
  let runner: LeaderWork | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const resolveHost = hostResolver(databaseUrl, { application_name: `${name}-leader` });

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
        [lock],
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
        runner = options.start();
        log.info(`this process runs the ${name}`);
        return;
      }
    } catch (err) {
      log.warn({ err }, `could not ask for the ${name} lock`);
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
