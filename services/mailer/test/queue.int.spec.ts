import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createRedisDeliveryLedger } from '../src/delivery-ledger';
import { createMailQueue } from '../src/mail-queue';
import type { MailQueue, RetryPolicy } from '../src/mail-queue';
import { SendInProgressError, createResetMailProcessor } from '../src/processor';
import { resetMailJobId, resetMailSubject } from '../src/reset-mail';
import { createSmtpTransport } from '../src/transport';
import { startMailWorker } from '../src/worker';
import type { MailWorker } from '../src/worker';
import {
  captureLogger,
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
  readonly mailQueue: MailQueue;
  readonly worker: MailWorker;
  readonly logs: LogLine[];
}

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
  const mailQueue = createMailQueue({ redisUrl, queueName, logger, retry: fastRetry });
  cleanups.push(() => mailQueue.close());
  const worker = await startMailWorker({
    redisUrl,
    queueName,
    logger,
    transport: createSmtpTransport({ url: peer.url }),
    from: 'Platzbuchung <no-reply@platzbuchung.test>',
  });
  cleanups.push(() => worker.close());
  return { queueName, peer, mailQueue, worker, logs: lines };
}

async function finishedJob(stack: Stack, jobId: string) {
  return waitFor(async () => {
    // State first, then the job: a job read before its state could predate the final attempt.
    const state = await stack.mailQueue.queue.getJobState(jobId);
    if (state !== 'completed' && state !== 'failed') return undefined;
    const job = await stack.mailQueue.queue.getJob(jobId);
    return job ? { job, state } : undefined;
  }, `job ${jobId} to finish`);
}

describe('the mail worker behind the BullMQ queue', () => {
  it('delivers the reset mail once, addressed by name, with the link and a stable Message-ID', async () => {
    const stack = await startStack('deliver');
    const request = resetRequest();

    const { jobId } = await stack.mailQueue.enqueueResetMail(request);

    expect(jobId).toBe(`reset-${request.requestId}`);
    const [mail] = await stack.peer.waitForMails(1);
    const { parsed } = mail!;
    expect(parsed.subject).toBe(resetMailSubject);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0]).toEqual({
      address: 'juergen@club.example',
      name: 'Jürgen Müller-Lüdenscheidt',
    });
    expect(parsed.text).toContain('Hallo Jürgen Müller-Lüdenscheidt,');
    expect(parsed.text).toContain(request.resetUrl);
    expect(parsed.text).toContain('eine Stunde lang gültig');
    expect(parsed.text).toContain('können Sie diese E-Mail ignorieren');
    expect(parsed.html).toContain(`href="${request.resetUrl}"`);
    expect(parsed.messageId).toBe(`<${jobId}@platzbuchung.test>`);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');

    const { state, job } = await finishedJob(stack, jobId);
    expect(state).toBe('completed');
    expect(job.returnvalue).toMatchObject({ status: 'sent' });
    await sleep(300);
    expect(stack.peer.accepted).toHaveLength(1);
  });

  it('sends one mail when the same reset request is enqueued twice', async () => {
    const stack = await startStack('duplicate');
    const request = resetRequest();

    const [first, second] = await Promise.all([
      stack.mailQueue.enqueueResetMail(request),
      stack.mailQueue.enqueueResetMail(request),
    ]);
    await stack.peer.waitForMails(1);
    await finishedJob(stack, first.jobId);
    const third = await stack.mailQueue.enqueueResetMail(request);
    await sleep(500);

    expect(new Set([first.jobId, second.jobId, third.jobId]).size).toBe(1);
    expect(stack.peer.accepted).toHaveLength(1);
    expect(stack.peer.dataPhases()).toBe(1);
  });

  it('does not send again when a delivered job comes back after BullMQ forgot it', async () => {
    const stack = await startStack('rerun');
    const request = resetRequest();
    const { jobId } = await stack.mailQueue.enqueueResetMail(request);
    await stack.peer.waitForMails(1);
    const { job } = await finishedJob(stack, jobId);

    // As if removeOnComplete had pruned it and the API retried the enqueue afterwards.
    await job.remove();
    await stack.mailQueue.enqueueResetMail(request);
    const rerun = await finishedJob(stack, jobId);
    await sleep(300);

    expect(rerun.state).toBe('completed');
    expect(rerun.job.returnvalue).toMatchObject({ status: 'already-delivered' });
    expect(stack.peer.accepted).toHaveLength(1);
  });

  it('retries with backoff after 451 answers and delivers on the third attempt', async () => {
    const stack = await startStack('retry', { refuseFirst: 2 });
    const request = resetRequest();

    const { jobId } = await stack.mailQueue.enqueueResetMail(request);
    await stack.peer.waitForMails(1);
    const { job, state } = await finishedJob(stack, jobId);
    await sleep(300);

    expect(state).toBe('completed');
    expect(stack.peer.dataPhases()).toBe(3);
    expect(stack.peer.accepted).toHaveLength(1);
    expect(job.attemptsMade).toBe(3);
    const retries = stack.logs.filter((line) => line.msg === 'reset mail attempt failed; will retry');
    expect(retries).toHaveLength(2);
    // The link with the token stays out of the logs of the SMTP path.
    expect(JSON.stringify(stack.logs)).not.toContain(request.resetUrl);
  });

  it('gives up at once on a malformed address', async () => {
    const stack = await startStack('malformed');

    const { jobId } = await stack.mailQueue.enqueueResetMail(resetRequest({ to: 'juergen at club' }));
    const { job, state } = await finishedJob(stack, jobId);

    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('to');
    expect(stack.peer.dataPhases()).toBe(0);
    expect(stack.logs.some((line) => line.msg === 'reset mail failed for good')).toBe(true);
  });

  it('gives up at once when the SMTP server rejects the recipient for good (550)', async () => {
    const stack = await startStack('rejected', { rejectRecipients: 550 });

    const { jobId } = await stack.mailQueue.enqueueResetMail(resetRequest());
    const { job, state } = await finishedJob(stack, jobId);

    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('550');
  });

  it('keeps nothing but the mail fields in the job', async () => {
    const stack = await startStack('data');
    const request = { ...resetRequest(), passwordHash: '$2b$10$secret', token: 'raw-token' };

    const { jobId } = await stack.mailQueue.enqueueResetMail(request);
    const job = await stack.mailQueue.queue.getJob(jobId);

    expect(Object.keys(job!.data as object).sort()).toEqual([
      'firstName',
      'lastName',
      'requestId',
      'resetUrl',
      'to',
    ]);
    expect(job!.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 100 },
      removeOnComplete: { age: 86400, count: 1000 },
      removeOnFail: { age: 86400, count: 1000 },
    });
  });

  it('lets only one of two runs of the same job send, and a later run finds it delivered', async () => {
    // What BullMQ does after a lost lock (a second worker runs the job while the first still sends)
    // and after a crash between the SMTP answer and the job's completion (the job runs again).
    const queueName = uniqueQueueName('ledger');
    cleanups.push(() => removeQueue(queueName));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const peer = await startSmtpPeer({ holdData: () => held });
    cleanups.push(() => peer.close());
    const redis = new Redis(redisUrl);
    cleanups.push(async () => void redis.disconnect());
    const { logger } = captureLogger();
    const processor = createResetMailProcessor({
      transport: createSmtpTransport({ url: peer.url }),
      logger,
      from: 'Platzbuchung <no-reply@localhost>',
      ledger: createRedisDeliveryLedger(redis, { prefix: `mailer:${queueName}` }),
      sendLeaseMs: 10_000,
    });
    const request = resetRequest();
    const job = { id: resetMailJobId(request.requestId), data: request };

    const first = processor(job);
    await waitFor(() => peer.dataPhases() === 1, 'the first DATA phase');
    const second = await processor(job).catch((error: unknown) => error);
    release();
    const firstResult = await first;
    const third = await processor(job);

    expect(second).toBeInstanceOf(SendInProgressError);
    expect((second as SendInProgressError).retryInMs).toBeGreaterThan(8_000);
    expect(firstResult).toMatchObject({ status: 'sent' });
    expect(third).toEqual({ status: 'already-delivered', messageId: `<${job.id}@localhost>` });
    expect(peer.accepted).toHaveLength(1);
    expect(await redis.exists(`mailer:${queueName}:sending:${job.id}`)).toBe(0);
    expect(await redis.ttl(`mailer:${queueName}:delivered:${job.id}`)).toBeGreaterThan(6 * 24 * 3600);
  });
});
