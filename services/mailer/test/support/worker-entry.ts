/**
 * A mail worker for crash tests, run in a child process. Like main.ts, but with lock and lease
 * short enough that a killed worker's job comes back within a second or two.
 */
import { pino } from 'pino';
import { connectOutboxDb } from '../../src/mail-service';
import { createSmtpTransport } from '../../src/transport';
import { startMailWorker } from '../../src/worker';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const db = connectOutboxDb(env('DATABASE_URL'));
const mailWorker = await startMailWorker({
  db,
  redisUrl: env('REDIS_URL'),
  queueName: env('MAIL_QUEUE'),
  logger: pino({ name: 'mailer-test-worker' }),
  transport: createSmtpTransport({ url: env('SMTP_URL') }),
  lockDuration: Number(env('LOCK_DURATION_MS')),
  stalledInterval: Number(env('STALLED_INTERVAL_MS')),
  sendLeaseMs: Number(env('SEND_LEASE_MS')),
});

process.on('SIGTERM', () => {
  void mailWorker
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
