import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { LaggingReads } from './db/lagging-reads';
import type { PasswordHasher } from './accounts/passwords';
import type { RateLimits } from './accounts/rate-limits';
import type { LiveHub } from './live/hub';

/** Everything the app needs from outside, injected so tests build the real app with test doubles. */
export interface AppDeps {
  /** The primary: commands, the live feed, sessions and a member's own reads. */
  db: Db;
  /** Reads that may lag a moment (admin log, "Stand am", calendar feeds): the replica while it keeps up. */
  laggingReads: LaggingReads;
  config: Config;
  logger: Logger;
  /** "Now"; tests pass a fixed or moving clock. */
  clock: () => Date;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  /** The process's one source of live streams: one listening connection and reader for all of them. */
  live: LiveHub;
}
