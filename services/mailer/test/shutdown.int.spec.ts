import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailQueue } from '../src/mail-queue';
import { loadOutboxMail } from '@platzbuchung/outbox/outbox';
import { createSmtpTransport } from '../src/transport';
import { startMailWorker } from '../src/worker';
import {
  captureLogger,
  createOutboxDatabase,
  insertResetMail,
  redisUrl,
  removeQueue,
  sleep,
  spawnTsx,
  uniqueQueueName,
  waitFor,
} from './support/fixtures';
import type { TsxProcess } from './support/fixtures';
import { startSmtpPeer } from './support/smtp-peer';

const workerEntry = fileURLToPath(new URL('./support/worker-entry.ts', import.meta.url));
const mainEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));

let db: Knex;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const database = await createOutboxDatabase();
  ({ db, url: databaseUrl, drop: dropDatabase } = database);
});
afterAll(() => dropDatabase());

const sentRow = (id: string) =>
  waitFor(async () => {
    const row = await loadOutboxMail(db, id);
    return row?.status === 'sent' ? row : undefined;
  }, 'the mail to be recorded as sent');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function killOnCleanup(proc: TsxProcess): void {
  cleanups.push(async () => {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    await proc.exited;
  });
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

// Short enough that a killed worker's job is back within seconds; the lease outlives the lock, so
// the successor first finds the dead worker's lease and has to wait it out.
const crashTiming = { lockDurationMs: 1_000, stalledIntervalMs: 500, sendLeaseMs: 3_000 };

describe('a mail worker that stops while sending', () => {
  it('killed with SIGKILL mid-send: the next worker delivers the mail, exactly once', async () => {
    const queueName = uniqueQueueName('sigkill');
    cleanups.push(() => removeQueue(queueName));
    const firstData = deferred();
    // The first DATA is held until the client is gone, so the kill lands between DATA and 250.
    const peer = await startSmtpPeer({
      async holdData({ attempt, sessionClosed }) {
        if (attempt !== 1) return;
        firstData.resolve();
        await sessionClosed;
      },
    });
    cleanups.push(() => peer.close());
    const { logger, lines } = captureLogger();
    const mailQueue = createMailQueue({ redisUrl, queueName, logger });
    cleanups.push(() => mailQueue.close());

    const doomed = spawnTsx(workerEntry, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      MAIL_QUEUE: queueName,
      SMTP_URL: peer.url,
      LOCK_DURATION_MS: String(crashTiming.lockDurationMs),
      STALLED_INTERVAL_MS: String(crashTiming.stalledIntervalMs),
      SEND_LEASE_MS: String(crashTiming.sendLeaseMs),
    });
    killOnCleanup(doomed);
    await doomed.waitForLog('mail worker started');

    const jobId = await insertResetMail(db);
    await mailQueue.hand(jobId);
    await firstData.promise;
    doomed.child.kill('SIGKILL');
    const death = await doomed.exited;
    expect(death.signal).toBe('SIGKILL');
    expect(await (await mailQueue.queue.getJob(jobId))?.getState()).toBe('active');

    const successor = await startMailWorker({
      db,
      redisUrl,
      queueName,
      logger,
      transport: createSmtpTransport({ url: peer.url }),
      lockDuration: crashTiming.lockDurationMs,
      stalledInterval: crashTiming.stalledIntervalMs,
      sendLeaseMs: crashTiming.sendLeaseMs,
    });
    cleanups.push(() => successor.close());

    await peer.waitForMails(1, 20_000);
    const row = await sentRow(jobId);
    const deliveredAfterMs = peer.accepted[0]!.acceptedAt - death.at;
    await sleep(crashTiming.lockDurationMs + crashTiming.sendLeaseMs);

    expect(peer.dataPhases()).toBe(2);
    expect(peer.accepted).toHaveLength(1);
    expect(row.message_id).toBe(peer.accepted[0]!.parsed.messageId);
    expect(lines.some((line) => line.msg.startsWith('job stalled'))).toBe(true);
    expect(lines.some((line) => line.msg === 'another worker holds the send lease; waiting')).toBe(true);
    // Neither the crash nor the wait for the lease counted as a failed attempt.
    expect(row.attempts).toBe(0);
    console.info(
      `SIGKILL mid-send: DATA phases ${peer.dataPhases()}, mails ${peer.accepted.length}, delivered ${deliveredAfterMs} ms after the kill`,
    );
  });

  it('SIGTERM lets the running job finish, then the process exits with 0', async () => {
    const queueName = uniqueQueueName('sigterm');
    cleanups.push(() => removeQueue(queueName));
    const dataArrived = deferred();
    const holdMs = 1_500;
    const peer = await startSmtpPeer({
      async holdData() {
        dataArrived.resolve();
        await sleep(holdMs);
      },
    });
    cleanups.push(() => peer.close());
    const worker = spawnTsx(mainEntry, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      MAIL_QUEUE: queueName,
      SMTP_URL: peer.url,
    });
    killOnCleanup(worker);
    await worker.waitForLog('mailer ready');

    // The mailer's own relay finds the row.
    const id = await insertResetMail(db);
    await dataArrived.promise;
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const exit = await worker.exited;

    expect(exit.code).toBe(0);
    expect(peer.accepted).toHaveLength(1);
    expect(peer.accepted[0]!.acceptedAt).toBeLessThanOrEqual(exit.at);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(holdMs - 100);
    expect((await loadOutboxMail(db, id))?.status).toBe('sent');
    expect(worker.lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['stopping: letting running jobs finish', 'mail sent', 'mail worker stopped']),
    );
    console.info(
      `SIGTERM mid-send: exit code ${exit.code} ${exit.at - signalledAt} ms after the signal, mails ${peer.accepted.length}`,
    );
  });
});
