import { availableParallelism } from 'node:os';
import bcrypt from 'bcryptjs';
import { Piscina } from 'piscina';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** Ends the worker threads. */
  close(): Promise<void>;
}

/**
 * One core is left to the event loop: with more hashing threads than that, a burst of sign-ups
 * would compete with answering everyone else.
 */
const defaultThreads = () => Math.max(1, availableParallelism() - 1);

/**
 * bcrypt with a configurable cost (10 in production, lower in tests to keep them quick), computed
 * on a small pool of worker threads. Requests beyond the pool's size wait in its queue, so however
 * many passwords arrive at once, at most `threads` are hashed at a time and the event loop stays free.
 */
export function bcryptHasher(cost = 10, threads = defaultThreads()): PasswordHasher {
  const pool = new Piscina({
    filename: new URL('./bcrypt-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    // Starting a thread costs a few milliseconds; an idle one is kept for the next login.
    idleTimeout: 60_000,
  });
  return {
    hash: (password) => pool.run({ password, cost }, { name: 'hash' }) as Promise<string>,
    verify: (password, hash) => pool.run({ password, hash }, { name: 'verify' }) as Promise<boolean>,
    close: () => pool.destroy(),
  };
}

/**
 * A hash of a random password, compared against when the e-mail is unknown, so a failed login
 * takes as long whether or not the account exists.
 */
export const UNKNOWN_USER_HASH = bcrypt.hashSync('no-such-user-has-this-password', 10);
