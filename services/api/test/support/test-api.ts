import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import type Koa from 'koa';
import type { DestinationStream } from 'pino';
import { bcryptHasher } from '../../src/accounts/passwords';
import { createRateLimits, defaultRateLimits, type RateLimitSettings } from '../../src/accounts/rate-limits';
import { createApp, type AppOptions } from '../../src/app';
import { readConfig } from '../../src/config';
import { connectDb, type Db } from '../../src/db/connect';
import type { AppDeps } from '../../src/deps';
import { laggingReadsFor } from '../../src/db/lagging-reads';
import { LiveHub } from '../../src/live/hub';
import { liveSettings, type LiveHubOptions } from '../../src/live/settings';
import { createLogger } from '../../src/logger';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from './databases';

/** Which database each running test API uses, so fixtures can read the mails it writes. */
const databasesByUrl = new Map<string, Db>();

/** The database of a test API started in this process, or undefined (e.g. an API process). */
export const databaseOf = (url: string): Db | undefined => databasesByUrl.get(url);

/** A fresh database copied from the migrated template: each test file gets its own. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const name = uniqueDatabaseName('pb_test');
  await createDatabase(name, inject('templateDatabase'));
  const url = withDatabase(adminDatabaseUrl(), name);
  const db = connectDb(url);
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await dropDatabase(name);
    },
  };
}

export interface TestApi {
  url: string;
  db: Db;
  deps: AppDeps;
  /** Where its database lives, when it made its own: for API processes or readers beside it. */
  databaseUrl: string | undefined;
  /** How many rows a table holds, e.g. to show that a refused request wrote nothing. */
  countRows(table: string): Promise<number>;
  /** Moves the injected clock; undefined means the real time. */
  setNow(now: Date | undefined): void;
  close(): Promise<void>;
}

export interface TestApiOptions {
  rateLimits?: Partial<RateLimitSettings>;
  extend?: (deps: AppDeps) => AppOptions;
  db?: Db;
  /** The URL `db` was made from, for the connections kept outside its pool (the live feed's LISTEN). */
  databaseUrl?: string;
  /** bcrypt's cost; by default 4, fast enough for tests. */
  passwordCost?: number;
  /** Timings and limits of the live streams (tests shorten the heartbeat, lower the bound). */
  live?: Pick<LiveHubOptions, 'timing' | 'limits'>;
  /** Environment variables on top of the test's own (PUBLIC_URL, TRUST_PROXY, …). */
  env?: NodeJS.ProcessEnv;
  /** Where the API's log lines go, at level info: to read what it logs. Unset: LOG_LEVEL, else none. */
  logDestination?: DestinationStream;
}

export function listen(app: Koa<never> | Koa): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      // Longer than any pause a test can cause, so a pooled keep-alive socket is never reused just
      // as the server closes it (ECONNRESET).
      server.keepAliveTimeout = 120_000;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

/** The real app over real HTTP, on a fresh database, with a fast password hash and a settable clock. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const database = options.db ? undefined : await createTestDatabase();
  const db = options.db ?? database!.db;
  let now: Date | undefined;
  const logger = options.logDestination
    ? createLogger('api-test', 'info', options.logDestination)
    : createLogger('api-test', process.env.LOG_LEVEL ?? 'silent');
  const config = readConfig({
    PUBLIC_URL: 'http://localhost:3000',
    APP_TIMEZONE: 'Europe/Berlin',
    ...options.env,
  });
  const configured = liveSettings(config.live);
  const deps: AppDeps = {
    db,
    laggingReads: laggingReadsFor(db, config.readReplica, logger),
    config,
    logger,
    clock: () => now ?? new Date(),
    hasher: bcryptHasher(options.passwordCost ?? 4),
    rateLimits: createRateLimits(db, {
      ...defaultRateLimits,
      // Every test request comes from 127.0.0.1; the sign-up limit has its own tests.
      registrationsPerClient: 100_000,
      ...options.rateLimits,
    }),
    live: new LiveHub({
      db,
      // A database passed in names its own connection; knex keeps the URL it was given.
      databaseUrl: database?.url ?? options.databaseUrl ?? String(db.client.config.connection),
      logger,
      timing: { ...configured.timing, ...options.live?.timing },
      limits: { ...configured.limits, ...options.live?.limits },
    }),
  };
  const app = createApp(deps, options.extend?.(deps));
  const { server, url } = await listen(app as unknown as Koa);
  databasesByUrl.set(url, db);
  return {
    url,
    db,
    deps,
    databaseUrl: database?.url,
    countRows: async (table) => Number((await db(table).count({ n: '*' }))[0]!.n),
    setNow: (value) => {
      now = value;
    },
    close: async () => {
      databasesByUrl.delete(url);
      await deps.live.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.hasher.close();
      await deps.laggingReads.stop();
      if (database) await database.drop();
    },
  };
}
