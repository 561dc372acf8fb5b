import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Remembers which mails have been handed to the transport, so that a job BullMQ runs again (after a
 * crash, a stalled lock or a duplicate enqueue after the job was removed) does not send twice.
 *
 * A claim is a lease: while one process is sending, another that picks up the same job waits
 * instead of sending in parallel. A lease left behind by a crashed process simply expires.
 */
export type Claim =
  | { readonly kind: 'claimed'; readonly token: string }
  | { readonly kind: 'delivered' }
  | { readonly kind: 'busy'; readonly retryInMs: number };

export interface DeliveryLedger {
  claim(key: string, leaseMs: number): Promise<Claim>;
  /** Records the delivery and ends the lease. */
  markDelivered(key: string, token: string): Promise<void>;
  /** Ends the lease without a delivery, so the next attempt may send at once. */
  release(key: string, token: string): Promise<void>;
}

/** Returns -1 when delivered, 0 when claimed, else the lease's remaining milliseconds. */
const claimScript = `
if redis.call('exists', KEYS[1]) == 1 then return -1 end
if redis.call('set', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
local left = redis.call('pttl', KEYS[2])
if left < 1 then return 1 end
return left
`;

const markDeliveredScript = `
redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3])
if redis.call('get', KEYS[2]) == ARGV[1] then redis.call('del', KEYS[2]) end
return 1
`;

const releaseScript = `
if redis.call('get', KEYS[2]) == ARGV[1] then return redis.call('del', KEYS[2]) end
return 0
`;

export interface RedisDeliveryLedgerOptions {
  /** Namespace of the keys, normally `mailer:<queue name>`. */
  readonly prefix: string;
  /**
   * How long a delivery is remembered. It must outlast every way the same job id can come back:
   * the API retries an enqueue only while the reset token is valid (one hour), and BullMQ keeps
   * finished jobs for a day.
   */
  readonly rememberSeconds?: number;
}

export function createRedisDeliveryLedger(
  redis: Redis,
  { prefix, rememberSeconds = 7 * 24 * 3600 }: RedisDeliveryLedgerOptions,
): DeliveryLedger {
  const keys = (key: string): [string, string] => [`${prefix}:delivered:${key}`, `${prefix}:sending:${key}`];
  return {
    async claim(key, leaseMs) {
      const token = randomUUID();
      const result = Number(
        await redis.eval(claimScript, 2, ...keys(key), token, Math.max(1, Math.round(leaseMs))),
      );
      if (result === -1) return { kind: 'delivered' };
      if (result === 0) return { kind: 'claimed', token };
      return { kind: 'busy', retryInMs: result };
    },
    async markDelivered(key, token) {
      await redis.eval(
        markDeliveredScript,
        2,
        ...keys(key),
        token,
        new Date().toISOString(),
        rememberSeconds,
      );
    },
    async release(key, token) {
      await redis.eval(releaseScript, 2, ...keys(key), token);
    },
  };
}

/** For the in-process fallback, where one process sees every delivery. */
export function createMemoryDeliveryLedger(): DeliveryLedger {
  const delivered = new Set<string>();
  const leases = new Map<string, { token: string; until: number }>();
  return {
    async claim(key, leaseMs) {
      if (delivered.has(key)) return { kind: 'delivered' };
      const lease = leases.get(key);
      const now = Date.now();
      if (lease && lease.until > now) return { kind: 'busy', retryInMs: lease.until - now };
      const token = randomUUID();
      leases.set(key, { token, until: now + leaseMs });
      return { kind: 'claimed', token };
    },
    async markDelivered(key, token) {
      delivered.add(key);
      if (leases.get(key)?.token === token) leases.delete(key);
    },
    async release(key, token) {
      if (leases.get(key)?.token === token) leases.delete(key);
    },
  };
}
