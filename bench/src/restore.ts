/**
 * `npm run bench -- restore`: how long a base backup and a restore to a moment take at the national
 * size (docs/operations.md, "Backups and restoring to a moment"). A PostgreSQL of its own (initdb
 * in a temporary folder, as the restore test's), the national database generated into it, WAL
 * archiving turned on, then `npm run backup` (pg_basebackup and pg_verifybackup), a load of WAL
 * written after the backup, and `npm run backup -- restore` to a moment after that load, started
 * until it is a primary again. `BENCH_RESTORE_SCALE` (1) shrinks the shape for a trial run; every
 * other figure scales with it.
 */
import { execFile } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { connectDb } from '@platzbuchung/api/db/connect';
// The servers of a part's own are the tests' (initdb in a temporary folder, run as `postgres`
// when root), so that bench and tests start them the same way.
import {
  execute,
  scalar,
  startOwnCluster,
  subfolder,
  type OwnCluster,
} from '../../services/api/test/support/own-cluster';
import { freePort } from './support/stack';
import type { Figure } from './support/report';
import { nationalDatabase } from './national/database';
import { NATIONAL_SHAPE, type NationalShape } from './national/shape';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECTION = 'restore';
const NAME = 'pb_bench_national';
/** Rows of the events table copied after the backup: WAL the restore must replay. */
const WAL_LOAD_ROWS = 1_000_000;

/**
 * What a production server would run with: durable (fsync on, unlike a test server), and enough
 * memory and WAL room for a bulk load on this machine.
 */
const SERVER_SETTINGS = `
fsync = on
shared_buffers = '1GB'
maintenance_work_mem = '512MB'
max_wal_size = '8GB'
checkpoint_timeout = '15min'
`;

type Log = (line: string) => void;

function backupScript(cluster: OwnCluster, databaseUrl: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/backup.mjs', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, PG_BIN: cluster.bin },
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`backup.mjs ${args.join(' ')}: ${stderr || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

function scaled(scale: number): NationalShape {
  if (scale === 1) return NATIONAL_SHAPE;
  return {
    ...NATIONAL_SHAPE,
    clubs: Math.max(20, Math.round(NATIONAL_SHAPE.clubs * scale)),
    events: Math.round(NATIONAL_SHAPE.events * scale),
  };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const gigabytes = (bytes: number) => Math.round((bytes / 1024 ** 3) * 100) / 100;

async function restartWith(cluster: OwnCluster, settings: string): Promise<void> {
  await appendFile(`${cluster.primary.data}/postgresql.conf`, settings);
  await cluster.primary.stop();
  await cluster.primary.start();
}

export async function measureRestore(today: string, log: Log): Promise<Figure[]> {
  const scale = Number(process.env.BENCH_RESTORE_SCALE ?? 1);
  const shape = scaled(scale);
  const cluster = await startOwnCluster('pb-bench-restore-');
  let restoredData: string | undefined;
  try {
    await restartWith(cluster, SERVER_SETTINGS);
    const admin = cluster.primary.urlOf('postgres');
    const url = cluster.primary.urlOf(NAME);
    log(
      `generating the national database at scale ${scale} (${shape.events} events) on a server of its own…`,
    );
    const generatedAt = performance.now();
    const national = await nationalDatabase(NAME, shape, today, log, admin);
    await national.close();
    const generationSeconds = seconds(generatedAt);
    const databaseBytes = Number(await scalar(url, `SELECT pg_database_size('${NAME}')::text`));

    const archive = await subfolder(cluster, 'archive');
    const backups = await subfolder(cluster, 'backups');
    await backupScript(cluster, url, ['archive', '--archive', archive]);
    await cluster.primary.stop();
    await cluster.primary.start();

    log('base backup (npm run backup)…');
    const backupAt = performance.now();
    const taken = await backupScript(cluster, url, ['--dir', backups, '--json']);
    const backupAndVerifySeconds = seconds(backupAt);
    const info = JSON.parse(taken.trim().split('\n').pop()!) as { seconds: number; bytes: number };

    log(`${WAL_LOAD_ROWS} events copied after the backup: WAL to replay…`);
    const lsnBefore = await scalar(url, 'SELECT pg_current_wal_lsn()::text');
    await execute(url, `CREATE TABLE wal_load AS SELECT * FROM events LIMIT ${WAL_LOAD_ROWS}`);
    const walBytes = Number(
      await scalar(url, `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '${lsnBefore}')::bigint::text`),
    );
    const epoch = await scalar(url, 'SELECT extract(epoch FROM clock_timestamp())::text');
    const moment = new Date(Number(epoch) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await execute(url, 'CREATE TABLE after_the_moment ()');
    const segment = await scalar(url, 'SELECT pg_walfile_name(pg_switch_wal())');
    // archive_timeout would hand the segment over within a minute; the switch does it at once.
    for (let i = 0; i < 600; i++) {
      const archived = await scalar(url, 'SELECT (SELECT last_archived_wal FROM pg_stat_archiver)');
      if (archived && segment && archived >= segment) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    log('restore to the moment (npm run backup -- restore, then the server replays and promotes)…');
    restoredData = `${cluster.folder}/restored`;
    const port = await freePort();
    const restoreAt = performance.now();
    await backupScript(cluster, url, [
      ...['restore', '--dir', backups, '--archive', archive, '--to', restoredData],
      ...['--time', moment.toISOString(), '--port', String(port)],
    ]);
    const copySeconds = seconds(restoreAt);
    const startedAt = performance.now();
    await cluster.run('pg_ctl', [
      '-D',
      restoredData,
      '-l',
      `${restoredData}.log`,
      '-w',
      '-t',
      '3600',
      'start',
    ]);
    const restoredUrl = `postgres://postgres@127.0.0.1:${port}/${NAME}`;
    for (;;) {
      const inRecovery = await scalar(restoredUrl, 'SELECT pg_is_in_recovery()::text').catch(() => null);
      if (inRecovery === 'false') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const replaySeconds = seconds(startedAt);
    const restoreSeconds = seconds(restoreAt);
    const restored = connectDb(restoredUrl, { max: 1 });
    try {
      const loaded = await restored.schema.hasTable('wal_load');
      const after = await restored.schema.hasTable('after_the_moment');
      if (!loaded || after) throw new Error('the restored server is not at the moment asked for');
    } finally {
      await restored.destroy();
    }

    const figure = (name: string, value: number, unit: string): Figure => ({
      section: SECTION,
      name,
      value,
      unit,
    });
    return [
      figure('shape: events', shape.events, ''),
      figure('shape: database', gigabytes(databaseBytes), 'GiB'),
      figure('generation (not part of a restore)', generationSeconds, 's'),
      figure('base backup (pg_basebackup)', info.seconds, 's'),
      figure('base backup with its check (pg_verifybackup)', backupAndVerifySeconds, 's'),
      figure('base backup size', gigabytes(info.bytes), 'GiB'),
      figure('WAL written after the backup', Math.round(walBytes / 1024 ** 2), 'MiB'),
      figure('restore: copy of the backup', copySeconds, 's'),
      figure('restore: start, WAL replay to the moment, promotion', replaySeconds, 's'),
      figure('restore: total', restoreSeconds, 's'),
    ];
  } finally {
    if (restoredData)
      await cluster
        .run('pg_ctl', ['-D', restoredData, 'stop', '-m', 'immediate', '-w'])
        .catch(() => undefined);
    await cluster.remove();
  }
}
