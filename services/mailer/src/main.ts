/**
 * The mailer process: `tsx services/mailer/src/main.ts`. Relays outbox rows to the queue and sends
 * them, or sends them itself when no Redis is reachable (./connect-mailer). Environment:
 * DATABASE_URL, REDIS_URL, SMTP_URL, MAIL_FROM, MAIL_DIR, MAIL_QUEUE, LOG_LEVEL (config.ts).
 */
import { pino } from 'pino';
import { readMailerConfig } from './config';
import { connectMailer, redactUrl } from './connect-mailer';
import { connectOutboxDb } from './mail-service';
import { startPushSender } from './push-sender';
import { createMailTransport } from './transport';

const config = readMailerConfig();
const logger = pino({ name: 'mailer', level: config.logLevel });
if (!config.databaseUrl) {
  logger.fatal('DATABASE_URL is not set: the mailer reads its mails from the outbox in PostgreSQL');
  process.exit(1);
}
const db = connectOutboxDb(config.databaseUrl);

const service = await connectMailer({
  db,
  databaseUrl: config.databaseUrl,
  redisUrl: config.redisUrl,
  queueName: config.queueName,
  logger,
  transport: createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir }),
  mailFrom: config.mailFrom,
});
const pushSender = startPushSender(db, logger, config.pushSubject);
logger.info(
  {
    mode: service.mode,
    queue: service.mode === 'queue' ? config.queueName : undefined,
    redisUrl: redactUrl(config.redisUrl),
    smtp: config.smtpUrl ? redactUrl(config.smtpUrl) : undefined,
    mailDir: config.smtpUrl ? undefined : config.mailDir,
  },
  'mailer ready',
);

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) return; // a second signal must not cut the running job short
  stopping = true;
  logger.info({ signal }, 'stopping: letting running jobs finish');
  Promise.all([service.close(), pushSender.close()])
    .then(() => db.destroy())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'mail worker did not close cleanly');
        process.exit(1);
      },
    );
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
