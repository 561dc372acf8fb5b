import { DEFAULT_REDIS_URL, defaultQueueName } from './mail-queue';
import { DEFAULT_MAIL_FROM, defaultMailDir } from './transport';

export interface MailerConfig {
  /** Where the outbox lives; the mailer process needs it, the API reads its own. */
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string;
  /** Unset: mails are written as .eml files to mailDir. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly mailDir: string;
  /** MAIL_QUEUE, else `mail-<database name>`: one queue per deployment. */
  readonly queueName: string;
  /** LOG_LEVEL as the API reads it, so one setting quiets (or opens up) every process. */
  readonly logLevel: string;
  /** VAPID_SUBJECT, else a mailto: of IMPRESSUM_EMAIL: where a push service can reach the operator. */
  readonly pushSubject: string;
}

/** Read once at start; empty variables count as unset. */
export function readMailerConfig(env: NodeJS.ProcessEnv = process.env): MailerConfig {
  const value = (name: string) => (env[name]?.trim() ? env[name].trim() : undefined);
  const databaseUrl = value('DATABASE_URL');
  return {
    databaseUrl,
    redisUrl: value('REDIS_URL') ?? DEFAULT_REDIS_URL,
    smtpUrl: value('SMTP_URL'),
    mailFrom: value('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
    mailDir: value('MAIL_DIR') ?? defaultMailDir,
    queueName: value('MAIL_QUEUE') ?? defaultQueueName(databaseUrl),
    logLevel: value('LOG_LEVEL') ?? 'info',
    pushSubject:
      value('VAPID_SUBJECT') ?? `mailto:${value('IMPRESSUM_EMAIL') ?? 'kontakt@platzbuchung.invalid'}`,
  };
}

/**
 * Where `npm run mail` looks: DATABASE_URL, or the embedded PostgreSQL that `npm start` runs
 * (EMBEDDED_PG_PORT, default 54329), as the events CLI does.
 */
export function readMailCliDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const port = env.EMBEDDED_PG_PORT?.trim() || '54329';
  return env.DATABASE_URL?.trim() || `postgres://postgres:postgres@127.0.0.1:${port}/platzbuchung`;
}
