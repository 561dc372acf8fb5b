import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectMailer } from '../src/connect-mailer';
import { createInlineDelivery } from '../src/inline-delivery';
import { loadOutboxMail } from '@platzbuchung/outbox/outbox';
import { createOutboxMailProcessor } from '../src/processor';
import { resetMailSubject } from '../src/reset-mail';
import { createFileTransport, createSmtpTransport, defaultMailDir } from '../src/transport';
import {
  captureLogger,
  createOutboxDatabase,
  insertResetMail,
  removeQueue,
  repoRoot,
  resetRequest,
  sleep,
  uniqueQueueName,
  waitFor,
} from './support/fixtures';
import { startSmtpPeer } from './support/smtp-peer';

let db: Knex;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  ({ db, url: databaseUrl, drop: dropDatabase } = await createOutboxDatabase());
});
afterAll(() => dropDatabase());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
  // Each test starts with an empty outbox: an in-process relay takes whatever waits there.
  await db('mail_outbox').delete();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'platzbuchung-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Nothing listens on port 1, so a connect fails at once. */
const unreachableRedis = 'redis://127.0.0.1:1';

describe('the file transport', () => {
  it('defaults to var/mail/ at the repository root', () => {
    expect(defaultMailDir).toBe(join(repoRoot, 'var/mail/'));
  });

  it('writes each mail as a parseable .eml file named after its kind and outbox id', async () => {
    const dir = await tempDir();
    const { logger, lines } = captureLogger();
    const processor = createOutboxMailProcessor({
      db,
      transport: createFileTransport({ dir }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
    });
    const request = resetRequest({ firstName: 'Zoë', lastName: 'O’Neill <b>&amp;' });
    const id = await insertResetMail(db, request);

    await processor({ data: { outboxId: id } });
    const files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));

    expect(files).toEqual([`password-reset-${id}.eml`]);
    const parsed = await simpleParser(await readFile(join(dir, files[0]!)));
    expect(parsed.subject).toBe(resetMailSubject);
    expect(parsed.from?.value[0]).toEqual({ name: 'Platzbuchung', address: 'no-reply@localhost' });
    expect(parsed.messageId).toBe(`<password-reset-${id}@localhost>`);
    expect(parsed.text).toContain('Hallo Zoë O’Neill <b>&amp;,');
    expect(parsed.text).toContain(request.resetUrl);
    expect(parsed.html).toContain('Hallo Zoë O’Neill &#60;b&#62;&#38;amp;,');
    expect(parsed.html).not.toContain('<b>');
    // The file is where the link is; the log only says where the file is.
    expect(lines.find((line) => line.msg === 'mail written to file')).toMatchObject({
      outboxId: id,
      file: join(dir, `password-reset-${id}.eml`),
    });
    expect(JSON.stringify(lines)).not.toContain(request.resetUrl);
  });
});

describe('the in-process fallback', () => {
  it('delivers through the same processor without making the caller wait, once per mail', async () => {
    const release = { now: () => {} };
    const held = new Promise<void>((resolve) => (release.now = resolve));
    const peer = await startSmtpPeer({ refuseFirst: 1, holdData: () => held });
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();
    const processor = createOutboxMailProcessor({
      db,
      transport: createSmtpTransport({ url: peer.url }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
    });
    const delivery = createInlineDelivery(processor, { db, logger, retry: { attempts: 3, backoffMs: 50 } });
    cleanups.push(() => delivery.close());
    const request = resetRequest();
    const id = await insertResetMail(db, request);

    await delivery.hand(id);
    await delivery.hand(id);
    // Both calls returned while the server still holds the message: the caller never waits for SMTP.
    await waitFor(() => peer.dataPhases() === 2, 'the retried DATA phase');
    expect(peer.accepted).toHaveLength(0);
    release.now();
    await delivery.idle();

    expect(peer.accepted).toHaveLength(1);
    expect(peer.accepted[0]!.parsed.text).toContain(request.resetUrl);
    expect(lines.filter((line) => line.msg === 'mail attempt failed; will retry')).toHaveLength(1);
    expect(await loadOutboxMail(db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a mail that cannot be delivered as failed instead of throwing at the caller', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();
    const processor = createOutboxMailProcessor({
      db,
      transport: createSmtpTransport({ url: peer.url }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
    });
    const delivery = createInlineDelivery(processor, { db, logger, retry: { attempts: 3, backoffMs: 50 } });
    const id = await insertResetMail(db, resetRequest({ to: 'no address' }));

    await delivery.hand(id);
    await delivery.close();

    expect(peer.dataPhases()).toBe(0);
    const failures = lines.filter((line) => line.msg === 'mail failed for good');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ attempt: 1 });
    expect(await loadOutboxMail(db, id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('connectMailer falls back to in-process relay and delivery when Redis is unreachable, and says so once', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();

    const startedAt = Date.now();
    const mailer = await connectMailer({
      db,
      redisUrl: unreachableRedis,
      queueName: uniqueQueueName('inline'),
      logger,
      connectTimeoutMs: 500,
      transport: createSmtpTransport({ url: peer.url }),
      relayPollMs: 50,
    });
    const decidedInMs = Date.now() - startedAt;
    cleanups.push(() => mailer.close());
    await insertResetMail(db);
    await insertResetMail(db);
    await peer.waitForMails(2);
    await sleep(300);

    expect(mailer.mode).toBe('inline');
    expect(decidedInMs).toBeLessThan(1_000);
    expect(peer.accepted).toHaveLength(2);
    const notices = lines.filter((line) => line.msg.startsWith('Redis is unreachable'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 40, redisUrl: 'redis://127.0.0.1:1' });
  });

  it('connectMailer relays to its queue and sends through the worker when Redis answers', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();
    const queueName = uniqueQueueName('queue-mode');
    cleanups.push(() => removeQueue(queueName));

    const mailer = await connectMailer({
      db,
      queueName,
      logger,
      transport: createSmtpTransport({ url: peer.url }),
      relayPollMs: 50,
    });
    cleanups.push(() => mailer.close());
    const id = await insertResetMail(db);
    await peer.waitForMails(1);

    expect(mailer.mode).toBe('queue');
    await waitFor(async () => (await loadOutboxMail(db, id))?.status === 'sent', 'the mail is sent');
    expect(lines.some((line) => line.msg.startsWith('Redis is unreachable'))).toBe(false);
  });

  it('a committed outbox row wakes the mailer at once, long before its next look', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const { logger } = captureLogger();
    const mailer = await connectMailer({
      db,
      databaseUrl: databaseUrl,
      redisUrl: unreachableRedis,
      queueName: uniqueQueueName('notify'),
      logger,
      connectTimeoutMs: 300,
      transport: createSmtpTransport({ url: peer.url }),
      // The poll is a minute away: only the notification can deliver the mail within the test.
      relayPollMs: 60_000,
    });
    cleanups.push(() => mailer.close());
    // The listener opens its connection after connectMailer answers; until then nothing could wake it.
    await waitFor(async () => {
      const { rows } = await db.raw(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'mailer' AND query LIKE 'LISTEN%'",
      );
      return rows[0].n > 0;
    }, 'the mailer listens');
    await sleep(100);
    await db.transaction((trx) => insertResetMail(trx));
    await peer.waitForMails(1);
    expect(peer.accepted).toHaveLength(1);
  });

  it('connectMailer refuses to fall back when Redis is required', async () => {
    const { logger } = captureLogger();
    await expect(
      connectMailer({
        db,
        redisUrl: 'redis://:secret@127.0.0.1:1',
        queueName: uniqueQueueName('required'),
        logger,
        connectTimeoutMs: 300,
        requireRedis: true,
        transport: createFileTransport({ dir: await tempDir() }),
      }),
    ).rejects.toThrow('Redis is unreachable at redis://:***@127.0.0.1:1');
  });
});
