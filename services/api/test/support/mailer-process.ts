import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/connect';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The mailer as its own OS process (`services/mailer/src/main.ts`), as a deployment runs it: the
 * API meets it only at the outbox, so a test of the whole mail path starts it beside the API and
 * imports nothing of it. Answers once the mailer listens for new outbox rows.
 */
export async function startMailerProcess(db: Db, databaseUrl: string, env: Record<string, string>) {
  const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, [`${REPO_ROOT}services/mailer/src/main.ts`], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const database = new URL(databaseUrl).pathname.slice(1);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.raw(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = ? AND application_name = 'mailer' AND query LIKE 'LISTEN%'`,
      [database],
    );
    if (rows[0].n > 0) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('mailer process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
