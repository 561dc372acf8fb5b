import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSubscriptionsAsLeader, type SubscriptionsLeader } from '../src/events/leader';
import type { Subscription } from '../src/events/subscriptions';
import { createLogger } from '../src/logger';
import { createTestDatabase } from './support/test-api';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const logger = createLogger('leader-test', 'silent');
const idle: Subscription = { name: 'leader-test', startAt: 'end', handle: async () => {} };

function worker(): SubscriptionsLeader {
  return startSubscriptionsAsLeader({
    db: database.db,
    databaseUrl: database.url,
    logger,
    subscriptions: [idle],
    retryMs: 100,
  });
}

describe('subscriptions in one API worker of several', { timeout: 30_000 }, () => {
  it('run in exactly one; when it stops, another takes over', async () => {
    const workers = [worker(), worker(), worker()];
    await expect.poll(() => workers.filter((w) => w.isLeader()).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(workers.filter((w) => w.isLeader())).toHaveLength(1);

    const leader = workers.find((w) => w.isLeader())!;
    await leader.stop();
    const rest = workers.filter((w) => w !== leader);
    await expect.poll(() => rest.filter((w) => w.isLeader()).length, { timeout: 10_000 }).toBe(1);

    await Promise.all(rest.map((w) => w.stop()));
    expect(workers.some((w) => w.isLeader())).toBe(false);
  });
});
