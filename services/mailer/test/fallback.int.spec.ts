import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMailer } from '../src/connect-mailer';
import { createMemoryDeliveryLedger } from '../src/delivery-ledger';
import { createInlineMailer } from '../src/inline-mailer';
import { createMailQueue } from '../src/mail-queue';
import { createResetMailProcessor } from '../src/processor';
import { resetMailSubject } from '../src/reset-mail';
import { createFileTransport, createSmtpTransport, defaultMailDir } from '../src/transport';
import { startMailWorker } from '../src/worker';
import {
  captureLogger,
  redisUrl,
  removeQueue,
  repoRoot,
  resetRequest,
  sleep,
  uniqueQueueName,
  waitFor,
} from './support/fixtures';
import { startSmtpPeer } from './support/smtp-peer';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
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

  it('writes each mail as a parseable .eml file and logs its link', async () => {
    const queueName = uniqueQueueName('file');
    cleanups.push(() => removeQueue(queueName));
    const dir = await tempDir();
    const { logger, lines } = captureLogger();
    const mailQueue = createMailQueue({ redisUrl, queueName, logger });
    cleanups.push(() => mailQueue.close());
    const worker = await startMailWorker({
      redisUrl,
      queueName,
      logger,
      transport: createFileTransport({ dir }),
    });
    cleanups.push(() => worker.close());
    const request = resetRequest({ firstName: 'Zoë', lastName: 'O’Neill <b>&amp;' });

    const { jobId } = await mailQueue.enqueueResetMail(request);
    const files = await waitFor(async () => {
      const names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
      return names.length > 0 ? names : undefined;
    }, 'an .eml file');

    expect(files).toEqual([`${jobId}.eml`]);
    const parsed = await simpleParser(await readFile(join(dir, files[0]!)));
    expect(parsed.subject).toBe(resetMailSubject);
    expect(parsed.from?.value[0]).toEqual({ name: 'Platzbuchung', address: 'no-reply@localhost' });
    expect(parsed.messageId).toBe(`<${jobId}@localhost>`);
    expect(parsed.text).toContain('Hallo Zoë O’Neill <b>&amp;,');
    expect(parsed.text).toContain(request.resetUrl);
    expect(parsed.html).toContain('Hallo Zoë O’Neill &#60;b&#62;&#38;amp;,');
    expect(parsed.html).not.toContain('<b>');
    const logged = await waitFor(
      () => lines.find((line) => line.msg === 'reset mail written to file'),
      'the log',
    );
    expect(logged).toMatchObject({ jobId, link: request.resetUrl, file: join(dir, `${jobId}.eml`) });
  });
});

describe('the in-process fallback', () => {
  it('delivers through the same processor without making the caller wait, once per request', async () => {
    const release = { now: () => {} };
    const held = new Promise<void>((resolve) => (release.now = resolve));
    const peer = await startSmtpPeer({ refuseFirst: 1, holdData: () => held });
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();
    const processor = createResetMailProcessor({
      transport: createSmtpTransport({ url: peer.url }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
      ledger: createMemoryDeliveryLedger(),
    });
    const mailer = createInlineMailer(processor, { logger, retry: { attempts: 3, backoffMs: 50 } });
    cleanups.push(() => mailer.close());
    const request = resetRequest();

    const first = await mailer.enqueueResetMail(request);
    const again = await mailer.enqueueResetMail(request);
    // Both calls returned while the server still holds the message: the caller never waits for SMTP.
    await waitFor(() => peer.dataPhases() === 2, 'the retried DATA phase');
    expect(peer.accepted).toHaveLength(0);
    release.now();
    await mailer.idle();

    expect(again.jobId).toBe(first.jobId);
    expect(peer.accepted).toHaveLength(1);
    expect(peer.accepted[0]!.parsed.text).toContain(request.resetUrl);
    expect(peer.accepted[0]!.parsed.subject).toBe(resetMailSubject);
    expect(lines.filter((line) => line.msg === 'reset mail attempt failed; will retry')).toHaveLength(1);
  });

  it('logs a mail that cannot be delivered instead of throwing at the caller', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();
    const processor = createResetMailProcessor({
      transport: createSmtpTransport({ url: peer.url }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
    });
    const mailer = createInlineMailer(processor, { logger, retry: { attempts: 3, backoffMs: 50 } });

    await mailer.enqueueResetMail(resetRequest({ to: 'no address' }));
    await mailer.close();

    expect(peer.dataPhases()).toBe(0);
    const failures = lines.filter((line) => line.msg === 'reset mail failed for good');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ attempt: 1 });
  });

  it('connectMailer falls back to in-process delivery when Redis is unreachable, and says so once', async () => {
    const peer = await startSmtpPeer();
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();

    const startedAt = Date.now();
    const mailer = await connectMailer({
      redisUrl: unreachableRedis,
      logger,
      connectTimeoutMs: 500,
      transport: createSmtpTransport({ url: peer.url }),
    });
    const decidedInMs = Date.now() - startedAt;
    cleanups.push(() => mailer.close());
    await mailer.enqueueResetMail(resetRequest({ requestId: 'inline-1' }));
    await mailer.enqueueResetMail(resetRequest({ requestId: 'inline-2' }));
    await mailer.enqueueResetMail(resetRequest({ requestId: 'inline-1' }));
    await peer.waitForMails(2);
    await sleep(200);

    expect(mailer.mode).toBe('inline');
    expect(decidedInMs).toBeLessThan(1_000);
    expect(peer.accepted).toHaveLength(2);
    const notices = lines.filter((line) => line.msg.startsWith('Redis is unreachable'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 40, redisUrl: 'redis://127.0.0.1:1' });
  });

  it('connectMailer uses the queue when Redis answers', async () => {
    const queueName = uniqueQueueName('connect');
    cleanups.push(() => removeQueue(queueName));
    const { logger, lines } = captureLogger();

    const mailer = await connectMailer({ redisUrl, queueName, logger });
    cleanups.push(() => mailer.close());
    const { jobId } = await mailer.enqueueResetMail(resetRequest());

    expect(mailer.mode).toBe('queue');
    expect(jobId).toMatch(/^reset-/);
    expect(lines.some((line) => line.msg.startsWith('Redis is unreachable'))).toBe(false);
  });

  it('connectMailer refuses to fall back when Redis is required', async () => {
    const { logger } = captureLogger();
    await expect(
      connectMailer({
        redisUrl: 'redis://:secret@127.0.0.1:1',
        logger,
        connectTimeoutMs: 300,
        requireRedis: true,
      }),
    ).rejects.toThrow('Redis is unreachable at redis://:***@127.0.0.1:1');
  });
});
