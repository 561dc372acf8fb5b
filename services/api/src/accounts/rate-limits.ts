import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/connect';
import { tooManyRequests } from '../http/errors';

/**
 * Limits kept in Postgres so every API process counts together. Tight per e-mail address, loose per
 * client: a whole club may book from the club house's one connection (DESIGN section 4).
 */
export interface RateLimitSettings {
  failedLoginsPerEmail: number;
  failedLoginsPerClient: number;
  resetRequestsPerEmail: number;
  resetRequestsPerClient: number;
  windowSeconds: number;
}

export const defaultRateLimits: RateLimitSettings = {
  failedLoginsPerEmail: 5,
  failedLoginsPerClient: 100,
  resetRequestsPerEmail: 3,
  resetRequestsPerClient: 30,
  windowSeconds: 15 * 60,
};

export class Limiter {
  constructor(private readonly limiter: RateLimiterPostgres) {}

  /** Throws 429 if the key has no points left, without spending one. */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.remainingPoints <= 0) throw tooManyRequests(res.msBeforeNext / 1000);
  }

  /** Spends a point; throws 429 when that was one too many. */
  async spend(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }

  async forget(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

export interface RateLimits {
  loginByEmail: Limiter;
  loginByClient: Limiter;
  resetByEmail: Limiter;
  resetByClient: Limiter;
}

export function createRateLimits(db: Db, settings: RateLimitSettings = defaultRateLimits): RateLimits {
  const limiter = (keyPrefix: string, points: number) =>
    new Limiter(
      new RateLimiterPostgres({
        storeClient: db,
        storeType: 'knex',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: settings.windowSeconds,
      }),
    );
  return {
    loginByEmail: limiter('login-email', settings.failedLoginsPerEmail),
    loginByClient: limiter('login-client', settings.failedLoginsPerClient),
    resetByEmail: limiter('reset-email', settings.resetRequestsPerEmail),
    resetByClient: limiter('reset-client', settings.resetRequestsPerClient),
  };
}
