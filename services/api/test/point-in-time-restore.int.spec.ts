/**
 * Restoring to a moment (docs/operations.md, "Backups and restoring to a moment"): a primary of
 * the test's own with WAL archiving turned on by `npm run backup -- archive`, a base backup by
 * `npm run backup`, one booking, the moment, a second booking, and `npm run backup -- restore` to
 * that moment into a new data folder. The restored server holds the first booking and not the
 * second, and its event log verifies.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, wallClockOf } from '@platzbuchung/domain/dates';
import type { Reservation } from '@platzbuchung/domain/types';
import { connectDb, type Db } from '../src/db/connect';
import { migrateLatest } from '../src/db/migrate';
import { freePort } from './support/api-process';
import { waitUntil } from './support/event-log';
import { runEventsCli } from './support/events-cli';
import { clubWithMembers, type Members } from './support/fixtures';
import { execute, scalar, startOwnCluster, subfolder, type OwnCluster } from './support/own-cluster';
import { startTestApi, type TestApi } from './support/test-api';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DATABASE = 'platz';
const DAY = addDays(wallClockOf(new Date(), 'Europe/Berlin').date, 2);

/** `npm run backup -- …` as an operator runs it, against the test's primary. */
function backupScript(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/backup.mjs', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: cluster.primary.urlOf(DATABASE), PG_BIN: cluster.bin },
        timeout: 60_000,
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`backup.mjs ${args.join(' ')}: ${stderr || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

let cluster: OwnCluster;
let archive: string;
let backups: string;
let db: Db;
let api: TestApi;
let members: Members;
let restoredData: string | undefined;

beforeAll(async () => {
  cluster = await startOwnCluster('pb-restore-');
  archive = await subfolder(cluster, 'archive');
  backups = await subfolder(cluster, 'backups');
  await execute(cluster.primary.urlOf('postgres'), `CREATE DATABASE ${DATABASE}`);
  // archive_mode takes effect at the server's next start, as it would in production.
  await backupScript(['archive', '--archive', archive]);
  await cluster.primary.stop();
  await cluster.primary.start();
  const migrating = connectDb(cluster.primary.urlOf(DATABASE), { max: 1 });
  try {
    await migrateLatest(migrating);
  } finally {
    await migrating.destroy();
  }
  db = connectDb(cluster.primary.urlOf(DATABASE));
  api = await startTestApi({ db, databaseUrl: cluster.primary.urlOf(DATABASE) });
  members = await clubWithMembers(api.url);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await db?.destroy();
  if (restoredData)
    await cluster.run('pg_ctl', ['-D', restoredData, 'stop', '-m', 'immediate', '-w']).catch(() => undefined);
  await cluster?.remove();
}, 60_000);

async function book(hour: number): Promise<string> {
  const answer = await members.player.client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    court_num: '1',
    start_time: hour,
    end_time: hour + 1,
    date: DAY,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.find((r) => r.start_time === hour && r.date === DAY)!._id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a restore to a moment between two bookings', () => {
  it('has the first booking and not the second, and its event log verifies', async () => {
    const taken = await backupScript(['--dir', backups, '--json']);
    expect(taken).toMatch(/geprüft/);

    const first = await book(9);
    // The moment, as the server's clock tells it, a little after the first commit and before the second.
    await sleep(50);
    const epoch = await scalar(
      cluster.primary.urlOf(DATABASE),
      'SELECT extract(epoch FROM clock_timestamp())::text',
    );
    const moment = new Date(Number(epoch) * 1000);
    await sleep(50);
    const second = await book(10);

    // The second booking's WAL segment is finished and archived, as archive_timeout would do.
    const segment = await scalar(cluster.primary.urlOf(DATABASE), 'SELECT pg_walfile_name(pg_switch_wal())');
    await waitUntil('the WAL segment is archived', () => existsSync(path.join(archive, segment!)), 20_000);

    restoredData = `${cluster.folder}/restored`;
    const port = await freePort();
    const restoreArgs = ['restore', '--dir', backups, '--archive', archive, '--to', restoredData];
    await backupScript([...restoreArgs, '--time', moment.toISOString(), '--port', String(port)]);
    await cluster
      .run('pg_ctl', ['-D', restoredData, '-l', `${restoredData}.log`, '-w', '-t', '60', 'start'])
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await readFile(`${restoredData}.log`, 'utf8').catch(() => '')}`);
      });
    const restoredUrl = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
    await waitUntil(
      'the restored server has replayed to the moment and become a primary',
      async () =>
        (await scalar(restoredUrl, 'SELECT pg_is_in_recovery()::text').catch(() => null)) === 'false',
      30_000,
    );

    const restored = connectDb(restoredUrl, { max: 1 });
    try {
      const ids = await restored('reservations').whereIn('id', [first, second]).pluck('id');
      expect(ids).toEqual([first]);
    } finally {
      await restored.destroy();
    }
    const verify = await runEventsCli(restoredUrl, 'verify');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toMatch(/no difference/);
  }, 60_000);
});
