import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { createMailQueue } from '../src/mail-queue';
import type { RetryPolicy } from '../src/mail-queue';
import { startMailService } from '../src/mail-service';
import type { MailService } from '../src/mail-service';
import { createOutboxLedger, loadOutboxMail, retryFailedMail } from '@platzbuchung/outbox/outbox';
import { SendInProgressError, createOutboxMailProcessor } from '../src/processor';
import { resetMailSubject } from '../src/reset-mail';
import { createSmtpTransport } from '../src/transport';
import {
  captureLogger,
  createOutboxDatabase,
  insertResetMail,
  redisUrl,
  removeQueue,
  resetRequest,
  sleep,
  uniqueQueueName,
  waitFor,
} from './support/fixtures';
import type { LogLine } from './support/fixtures';
import { startSmtpPeer } from './support/smtp-peer';
import type { SmtpPeer, SmtpPeerOptions } from './support/smtp-peer';

interface Stack {
  readonly queueName: string;
  readonly peer: SmtpPeer;
  readonly service: MailService;
  readonly logs: LogLine[];
}

let db: Knex;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const database = await createOutboxDatabase();
  db = database.db;
  dropDatabase = database.drop;
});
afterAll(() => dropDatabase());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const fastRetry: RetryPolicy = { attempts: 5, backoffMs: 100 };

async function startStack(label: string, peerOptions: SmtpPeerOptions = {}): Promise<Stack> {
  const queueName = uniqueQueueName(label);
  cleanups.push(() => removeQueue(queueName));
  const { logger, lines } = captureLogger();
  const peer = await startSmtpPeer(peerOptions);
  cleanups.push(() => peer.close());
  const service = await startMailService({
    db,
    redisUrl,
    queueName,
    logger,
    transport: createSmtpTransport({ url: peer.url }),
    from: 'Platzbuchung <no-reply@platzbuchung.test>',
    retry: fastRetry,
    relayPollMs: 50,
  });
  cleanups.push(() => service.close());
  return { queueName, peer, service, logs: lines };
}

async function finished(outboxId: string) {
  return waitFor(async () => {
    const row = await loadOutboxMail(db, outboxId);
    return row && row.status !== 'waiting' ? row : undefined;
  }, `outbox mail ${outboxId} to be sent or failed`);
}

describe('the outbox, the relay and the worker behind the BullMQ queue', () => {
  it('delivers the reset mail once, addressed by name, with the link and a stable Message-ID', async () => {
    const stack = await startStack('deliver');
    const request = resetRequest();

    const id = await insertResetMail(db, request);
    const [mail] = await stack.peer.waitForMails(1);
    const row = await finished(id);

    expect(mail!.parsed.subject).toBe(resetMailSubject);
    expect(mail!.parsed.to).toMatchObject({
      value: [{ address: request.to, name: 'Jürgen Müller-Lüdenscheidt' }],
    });
    expect(mail!.parsed.text).toContain(request.resetUrl);
    expect(mail!.parsed.messageId).toBe(`<password-reset-${id}@platzbuchung.test>`);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 0,
      message_id: `<password-reset-${id}@platzbuchung.test>`,
    });
    // Once sent, the link is gone from Postgres as well.
    expect(row.payload).toEqual({ firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
    await sleep(300);
    expect(stack.peer.accepted).toHaveLength(1);
  });

  it('puts only the outbox id into Redis, and neither link nor address into the logs', async () => {
    const stack = await startStack('secret');
    // No worker may take the job before the test has read it: a queue of its own, no worker.
    const queueName = uniqueQueueName('secret-only-queue');
    cleanups.push(() => removeQueue(queueName));
    const { logger } = captureLogger();
    const idle = createMailQueue({ redisUrl, queueName, logger });
    cleanups.push(() => idle.close());
    const request = resetRequest({ to: 'geheim.person@verein.example' });
    const id = await insertResetMail(db, request);

    await idle.hand(id);
    const job = await idle.queue.getJob(id);
    const redis = new Redis(redisUrl);
    cleanups.push(async () => void redis.disconnect());
    const stored = await redis.hgetall(`bull:${queueName}:${id}`);
    expect(Object.keys(stored).length).toBeGreaterThan(0);

    expect(job!.data).toEqual({ outboxId: id });
    expect(JSON.stringify(stored)).not.toContain('token=');
    expect(JSON.stringify(stored)).not.toContain(request.to);

    // The same mail through the real stack: every log line names kind and domain, never link or address.
    await stack.service.relay.relayOnce();
    await stack.peer.waitForMails(1);
    await finished(id);
    const logs = JSON.stringify(stack.logs);
    expect(logs).not.toContain(request.resetUrl);
    expect(logs).not.toContain('token=');
    expect(logs).not.toContain(request.to);
    expect(stack.logs.find((line) => line.msg === 'mail sent')).toMatchObject({
      kind: 'password-reset',
      recipientDomain: 'verein.example',
      outboxId: id,
    });
  });

  it('sends one mail when the same row is handed to the queue twice', async () => {
    const stack = await startStack('twice');
    const id = await insertResetMail(db);

    await Promise.all([stack.service.queue.hand(id), stack.service.queue.hand(id)]);
    await stack.peer.waitForMails(1);
    await finished(id);
    // After the job is gone, a late relay of the same row finds it sent.
    await stack.service.queue.hand(id);
    await sleep(500);

    expect(stack.peer.accepted).toHaveLength(1);
    expect(stack.logs.some((line) => line.msg === 'mail was delivered before; not sending again')).toBe(true);
  });

  it('retries with backoff after 451 answers and delivers on the third attempt', async () => {
    const stack = await startStack('retry', { refuseFirst: 2 });

    const id = await insertResetMail(db);
    await stack.peer.waitForMails(1);
    const row = await finished(id);
    await sleep(300);

    expect(row.status).toBe('sent');
    expect(stack.peer.dataPhases()).toBe(3);
    expect(stack.peer.accepted).toHaveLength(1);
    expect(row.attempts).toBe(2);
    expect(stack.logs.filter((line) => line.msg === 'mail attempt failed; will retry')).toHaveLength(2);
  });

  it('an SMTP server that keeps refusing: retried with backoff, then failed for good and kept; a retry sends it', async () => {
    const stack = await startStack('refusing', { refuseFirst: 5 });

    const id = await insertResetMail(db);
    const row = await finished(id);

    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(5);
    expect(row.last_error).toContain('451');
    expect(row.failed_at).toBeInstanceOf(Date);
    expect(stack.peer.dataPhases()).toBe(5);
    expect(stack.logs.filter((line) => line.msg === 'mail failed for good')).toHaveLength(1);

    // Nothing dropped: the failed mail is still there, and a retry hands it over once more.
    expect(await retryFailedMail(db, id)).toBe(true);
    stack.service.relay.wake();
    await stack.peer.waitForMails(1);
    expect((await finished(id)).status).toBe('sent');
    expect(await retryFailedMail(db, id)).toBe(false);
  });

  it('gives up at once on a malformed address', async () => {
    const stack = await startStack('malformed');

    const id = await insertResetMail(db, resetRequest({ to: 'juergen at club' }));
    const row = await finished(id);

    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('to');
    expect(stack.peer.dataPhases()).toBe(0);
  });

  it('gives up at once when the SMTP server rejects the recipient for good (550)', async () => {
    await startStack('rejected', { rejectRecipients: 550 });

    const row = await finished(await insertResetMail(db));

    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('550');
  });

  it('lets only one of two runs of the same mail send, and a later run finds it delivered', async () => {
    // What BullMQ does after a lost lock (a second worker runs the job while the first still sends)
    // and after a crash between the SMTP answer and the job's completion (the job runs again).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const peer = await startSmtpPeer({ holdData: () => held });
    cleanups.push(() => peer.close());
    const { logger } = captureLogger();
    const processor = createOutboxMailProcessor({
      db,
      transport: createSmtpTransport({ url: peer.url }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
      ledger: createOutboxLedger(db),
      sendLeaseMs: 10_000,
    });
    const id = await insertResetMail(db);
    const job = { data: { outboxId: id } };

    const first = processor(job);
    await waitFor(() => peer.dataPhases() === 1, 'the first DATA phase');
    const second = await processor(job).catch((error: unknown) => error);
    release();
    const firstResult = await first;
    const third = await processor(job);

    expect(second).toBeInstanceOf(SendInProgressError);
    expect((second as SendInProgressError).retryInMs).toBeGreaterThan(8_000);
    expect(firstResult).toMatchObject({ status: 'sent' });
    expect(third).toEqual({ status: 'already-delivered' });
    expect(peer.accepted).toHaveLength(1);
    expect(await db('mail_outbox').where({ id }).first('sending_token', 'sending_until')).toEqual({
      sending_token: null,
      sending_until: null,
    });
  });
});
