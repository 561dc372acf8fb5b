import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/connect';
import { tooManyRequests } from '../http/errors';

/**
 * Limits kept in Postgres so every API process counts together. Which limit guards what, and why a
 * stranger's wrong passwords cannot lock an owner out, is written down in docs/security/accounts.md.
 */
export interface RateLimitSettings {
  /** Failed logins for one address from one client that has never logged into it: tight. */
  failedLoginsPerEmailAndClient: number;
  /** Failed logins for one address from all such clients together: loose, against many-client guessing. */
  failedLoginsPerEmail: number;
  /** Failed logins from one client over every address: loose, a club house shares one connection. */
  failedLoginsPerClient: number;
  /** Failed logins from a browser that logged into that account before. */
  failedLoginsPerKnownDevice: number;
  resetRequestsPerEmail: number;
  resetRequestsPerClient: number;
  /** "Bestätigungslink erneut senden" per member: each one mails the member's address. */
  confirmationRequestsPerUser: number;
  /** Address changes asked for per member: each one mails the new address and the old one. */
  emailChangesPerUser: number;
  /** Sign-ups and club registrations from one client; `REGISTRATIONS_PER_CLIENT` sets it. */
  registrationsPerClient: number;
  /**
   * Wrong current passwords when a logged-in member changes theirs: as tight as failed logins per
   * address and client, so a stolen session cannot guess the password any faster than a login could.
   */
  wrongCurrentPasswordsPerUser: number;
  /**
   * Warteliste entries a member puts themselves on: each writes an event and a row, and a script
   * joining and leaving in a loop would fill the log; a member choosing hours by hand needs few.
   */
  waitlistJoinsPerUser: number;
  /**
   * Changes of one booking's players: each may mail everyone named or taken off, so naming and
   * removing a member in a loop is cut short here, besides the co-player notices' own daily budget.
   */
  playerChangesPerReservation: number;
  /** "Meine Daten herunterladen" per member: each one reads everything stored about the member. */
  accountExportsPerUser: number;
  windowSeconds: number;
}

export const defaultRateLimits: RateLimitSettings = {
  failedLoginsPerEmailAndClient: 5,
  failedLoginsPerEmail: 50,
  failedLoginsPerClient: 100,
  failedLoginsPerKnownDevice: 10,
  resetRequestsPerEmail: 3,
  resetRequestsPerClient: 30,
  confirmationRequestsPerUser: 3,
  emailChangesPerUser: 3,
  registrationsPerClient: 30,
  wrongCurrentPasswordsPerUser: 5,
  waitlistJoinsPerUser: 30,
  playerChangesPerReservation: 6,
  accountExportsPerUser: 5,
  windowSeconds: 15 * 60,
};

type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * One counter per key. Every change is a single atomic SQL upsert, so parallel requests can never
 * all see "one left" and all go through.
 */
export class Limiter {
  constructor(private readonly limiter: RateLimiterPostgres) {}

  /**
   * Keys hold e-mail addresses: stored hashed, so the table neither keeps addresses nor overflows
   * its key column on a long one.
   */
  private static stored(key: string): string {
    return createHash('sha256').update(key, 'utf8').digest('base64url');
  }

  /** Takes one point; refused when none was left. */
  async take(key: string): Promise<Taken> {
    try {
      await this.limiter.consume(Limiter.stored(key));
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { ok: false, retryAfterSeconds: rejection.msBeforeNext / 1000 };
      }
      throw rejection;
    }
  }

  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(Limiter.stored(key), 1);
  }

  async forget(key: string): Promise<void> {
    await this.limiter.delete(Limiter.stored(key));
  }
}

/** A limit and the key one request is counted under. */
export type Charge = readonly [Limiter, string];

/**
 * Takes a point from each limit before the guarded work, all or nothing: when any limit refuses,
 * the points taken from the others are given back and the request is answered 429. Taking first
 * (not checking first and spending after a failure) is what keeps parallel requests within the limit.
 */
export async function takeAll(charges: readonly Charge[], refusal?: string): Promise<void> {
  const results = await Promise.all(charges.map(([limiter, key]) => limiter.take(key)));
  const refusals = results.filter((r): r is Extract<Taken, { ok: false }> => !r.ok);
  if (refusals.length === 0) return;
  await Promise.all(charges.filter((_, i) => results[i]!.ok).map(([limiter, key]) => limiter.giveBack(key)));
  throw tooManyRequests(Math.max(...refusals.map((r) => r.retryAfterSeconds)), refusal);
}

/** For work that went well and should not count (a successful login). */
export async function giveBackAll(charges: readonly Charge[]): Promise<void> {
  await Promise.all(charges.map(([limiter, key]) => limiter.giveBack(key)));
}

export interface RateLimits {
  loginByEmailAndClient: Limiter;
  loginByEmail: Limiter;
  loginByClient: Limiter;
  loginByKnownDevice: Limiter;
  resetByEmail: Limiter;
  resetByClient: Limiter;
  confirmationByUser: Limiter;
  emailChangeByUser: Limiter;
  registrationByClient: Limiter;
  currentPasswordByUser: Limiter;
  waitlistJoinByUser: Limiter;
  playerChangesByReservation: Limiter;
  accountExportByUser: Limiter;
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
    loginByEmailAndClient: limiter('login-email-client', settings.failedLoginsPerEmailAndClient),
    loginByEmail: limiter('login-email', settings.failedLoginsPerEmail),
    loginByClient: limiter('login-client', settings.failedLoginsPerClient),
    loginByKnownDevice: limiter('login-device', settings.failedLoginsPerKnownDevice),
    resetByEmail: limiter('reset-email', settings.resetRequestsPerEmail),
    resetByClient: limiter('reset-client', settings.resetRequestsPerClient),
    confirmationByUser: limiter('confirmation-user', settings.confirmationRequestsPerUser),
    emailChangeByUser: limiter('email-change-user', settings.emailChangesPerUser),
    registrationByClient: limiter('registration-client', settings.registrationsPerClient),
    currentPasswordByUser: limiter('current-password-user', settings.wrongCurrentPasswordsPerUser),
    waitlistJoinByUser: limiter('waitlist-join-user', settings.waitlistJoinsPerUser),
    playerChangesByReservation: limiter('player-changes-reservation', settings.playerChangesPerReservation),
    accountExportByUser: limiter('account-export-user', settings.accountExportsPerUser),
  };
}
