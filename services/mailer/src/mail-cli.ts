/**
 * `npm run mail -- <status|retry> [options]`: the mail outbox for operators, without SQL. Reads
 * DATABASE_URL, or the embedded PostgreSQL that `npm start` runs.
 */
import { parseArgs } from 'node:util';
import { mailKindLabels, mailStatuses, type MailStatus } from '@platzbuchung/domain/mail/notices';
import { readMailCliDatabaseUrl } from './config';
import { connectOutboxDb } from './mail-service';
import { countOutbox, listOutbox, retryFailedMail, type OutboxListItem } from '@platzbuchung/outbox/outbox';
import { isUuid } from '@platzbuchung/domain/shapes';

const usage = `Usage: npm run mail -- <command> [options]

Commands:
  status               how many mails wait, were sent, failed; then the latest with their ids
  retry <outbox id>    put a failed mail back in line (the mailer sends it again)

Options (status):
  --status <S>         only ${mailStatuses.join(', ')}
  --club <id>          only this club's mails
  --limit <n>          how many to list (default 20)
  --json               one JSON object per line instead of a table`;

class UsageError extends Error {}

function line(mail: OutboxListItem): string {
  const when = mail.sentAt ?? mail.failedAt ?? mail.createdAt;
  const kind = mailKindLabels[mail.kind] ?? mail.kind;
  const error = mail.status === 'failed' && mail.lastError ? `  ${mail.lastError}` : '';
  return `${mail.id}  ${mail.status.padEnd(7)}  ${when}  ${kind} an @${mail.recipientDomain} (${mail.attempts} Fehlversuche)${error}`;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      club: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 2;
  }
  const status = values.status as MailStatus | undefined;
  if (status && !mailStatuses.includes(status)) {
    throw new UsageError(`--status must be one of ${mailStatuses.join(', ')}`);
  }
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError('--limit must be a whole number of at least 1');

  const db = connectOutboxDb(readMailCliDatabaseUrl());
  try {
    if (command === 'status') {
      const counts = await countOutbox(db, { clubId: values.club });
      const mails = await listOutbox(db, {
        limit,
        ...(status ? { status } : {}),
        ...(values.club ? { clubId: values.club } : {}),
      });
      if (values.json) {
        console.log(JSON.stringify({ counts }));
        for (const mail of mails) console.log(JSON.stringify(mail));
      } else {
        console.log(`waiting ${counts.waiting}   sent ${counts.sent}   failed ${counts.failed}`);
        for (const mail of mails) console.log(line(mail));
      }
      return 0;
    }
    if (command === 'retry') {
      const [id] = rest;
      if (!isUuid(id)) throw new UsageError('retry needs the outbox id of a failed mail');
      if (!(await retryFailedMail(db, id))) {
        console.error(`no failed mail with id ${id}`);
        return 1;
      }
      console.log(`${id} waits again; the mailer sends it within seconds`);
      return 0;
    }
    throw new UsageError(`unknown command "${command}"`);
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
