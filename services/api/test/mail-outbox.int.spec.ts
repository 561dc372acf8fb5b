/**
 * The outbox end to end (docs/architecture/mail.md, "Mail: outbox, relay, worker"): a reset requested
 * while Redis is down is mailed once Redis is back, and two deployments on one Redis keep to their
 * own queues.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { TestClient } from './support/client';
import { registerClub } from './support/fixtures';
import { startMailerProcess } from './support/mailer-process';
import { privateRedis } from './support/private-redis';
import { startSmtpPeer } from './support/smtp-peer';
import { startTestApi, type TestApi } from './support/test-api';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** An API with its own database, and the mailer process beside it, as a deployment runs them. */
async function startStack(redis: string) {
  const peer = await startSmtpPeer();
  cleanups.push(() => peer.close());
  const api: TestApi = await startTestApi({ rateLimits: { resetRequestsPerClient: 1_000 } });
  cleanups.push(() => api.close());
  const mailer = await startMailerProcess(api.db, api.databaseUrl!, {
    REDIS_URL: redis,
    SMTP_URL: peer.url,
    MAIL_FROM: 'Platzbuchung <no-reply@platzbuchung.test>',
  });
  // Without MAIL_QUEUE the mailer names its queue after the database (README, "Configuration").
  const queue = `mail-${new URL(api.databaseUrl!).pathname.slice(1)}`;
  cleanups.push(async () => {
    await mailer.stop();
    const cleanup = new Queue(queue, { connection: { url: redis } });
    await cleanup.obliterate({ force: true }).catch(() => undefined);
    await cleanup.close();
  });
  return { api, peer, queue };
}

const outboxRow = async (api: TestApi) => api.db('mail_outbox').orderBy('created_at', 'desc').first();

describe('a reset requested while Redis is down', () => {
  it('is kept in the outbox and mailed exactly once when Redis is back', { timeout: 60_000 }, async () => {
    const redis = await privateRedis();
    await redis.start();
    cleanups.push(() => redis.stop());
    const { api, peer } = await startStack(redis.url);
    const { email } = await registerClub(api.url);
    // The confirmation link the registration mailed is out before Redis goes away.
    await peer.waitForMails(1, 30_000);

    await redis.stop();
    const answer = await new TestClient(api.url).post('/api/forgot-password', { email });
    expect(answer.status).toBe(200);
    // The relay keeps trying; the row waits and is not marked relayed.
    await expect.poll(() => outboxRow(api)).toMatchObject({ status: 'waiting', relayed_at: null });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await outboxRow(api)).toMatchObject({ status: 'waiting', relayed_at: null });
    expect(peer.mails).toHaveLength(1);

    await redis.start();
    const [, mail] = await peer.waitForMails(2, 30_000);
    await expect.poll(() => outboxRow(api), { timeout: 10_000 }).toMatchObject({ status: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect(peer.mails).toHaveLength(2);
    expect(mail!.text).toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });
});

describe('two deployments on one Redis', () => {
  it(
    'derive their queue names from their databases and never take each other’s jobs',
    { timeout: 60_000 },
    async () => {
      const first = await startStack(redisUrl);
      const second = await startStack(redisUrl);
      expect(first.queue).not.toBe(second.queue);
      expect(first.queue).toMatch(/^mail-pb_test_/);

      const clubs = await Promise.all([registerClub(first.api.url), registerClub(second.api.url)]);
      for (let i = 0; i < 3; i++) {
        await new TestClient(first.api.url).post('/api/forgot-password', { email: clubs[0].email });
        await new TestClient(second.api.url).post('/api/forgot-password', { email: clubs[1].email });
      }

      // Each founder's confirmation link, then the three reset links.
      const firstMails = await first.peer.waitForMails(4, 20_000);
      const secondMails = await second.peer.waitForMails(4, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      // Each stack mailed its own links, from its own outbox, and nothing else.
      expect(first.peer.mails).toHaveLength(4);
      expect(second.peer.mails).toHaveLength(4);
      const addressOf = (mail: (typeof firstMails)[number]) =>
        mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : undefined;
      expect(firstMails.map(addressOf)).toEqual(Array(4).fill(clubs[0].email));
      expect(secondMails.map(addressOf)).toEqual(Array(4).fill(clubs[1].email));
      for (const stack of [first, second]) {
        const rows = await stack.api.db('mail_outbox').select('status');
        expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      }
    },
  );
});
