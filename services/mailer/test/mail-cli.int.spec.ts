import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOutboxMail, recordFailedAttempt } from '@platzbuchung/outbox/outbox';
import { createOutboxDatabase, insertResetMail, repoRoot, resetRequest } from './support/fixtures';

const CLI = fileURLToPath(new URL('../src/mail-cli.ts', import.meta.url));
const run = promisify(execFile);

let db: Knex;
let url: string;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  ({ db, url, drop: dropDatabase } = await createOutboxDatabase());
});
afterAll(() => dropDatabase());

async function mail(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run mail', { timeout: 60_000 }, () => {
  it('status counts waiting, sent and failed mails and lists them with ids, never the link or address', async () => {
    const waiting = await insertResetMail(db, resetRequest({ to: 'anna@tc-gruen.example' }));
    const failed = await insertResetMail(db);
    await recordFailedAttempt(db, failed, 'SMTP 550 mailbox unavailable', true);

    const status = await mail('status');

    expect(status.code).toBe(0);
    expect(status.stdout).toContain('waiting 1   sent 0   failed 1');
    expect(status.stdout).toMatch(
      new RegExp(`${waiting}  waiting .*Passwort zurücksetzen an @tc-gruen.example`),
    );
    expect(status.stdout).toMatch(new RegExp(`${failed}  failed .*SMTP 550 mailbox unavailable`));
    expect(status.stdout).not.toContain('token=');
    expect(status.stdout).not.toContain('anna@');

    const onlyFailed = await mail('status', '--status', 'failed', '--json');
    const lines = onlyFailed.stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(lines[0]).toEqual({ counts: { waiting: 1, sent: 0, failed: 1, held: 0, dropped: 0 } });
    expect(lines.slice(1).map((entry) => entry.id)).toEqual([failed]);
  });

  it('retry puts a failed mail back in line, and refuses anything else', async () => {
    const failed = await insertResetMail(db);
    await recordFailedAttempt(db, failed, 'SMTP 451', true);

    expect((await mail('retry', failed)).code).toBe(0);
    expect(await loadOutboxMail(db, failed)).toMatchObject({ status: 'waiting', attempts: 0 });
    expect((await mail('retry', failed)).code).toBe(1);
    expect((await mail('retry', 'nonsense')).code).toBe(2);
    expect((await mail('status', '--status', 'gesendet')).code).toBe(2);
    expect((await mail('explode')).code).toBe(2);
  });
});
