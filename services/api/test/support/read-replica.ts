/**
 * A real PostgreSQL streaming replica of the test PostgreSQL, for the read-replica tests: a base
 * backup (`pg_basebackup -R`) into a temporary folder, started as a hot standby on a free port.
 * PostgreSQL refuses to run as root, so as root (CI) it runs as the `postgres` system user. The
 * primary must allow replication connections from 127.0.0.1 (`.ci/run` adds that pg_hba.conf line).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { lsnValue } from '../../src/db/lagging-reads';
import { freePort } from './api-process';
import { adminDatabaseUrl, withDatabase } from './databases';
import { waitUntil } from './event-log';

interface SystemUser {
  uid: number;
  gid: number;
}

function run(program: string, args: string[], user: SystemUser | undefined, timeoutMs = 180_000) {
  return new Promise<string>((resolve, reject) => {
    execFile(program, args, { ...user, timeout: timeoutMs, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err)
        reject(new Error(`${path.basename(program)} ${args.join(' ')} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
  });
}

/** As root: the `postgres` system user, whom PostgreSQL accepts. Otherwise whoever runs the tests. */
async function serverUser(): Promise<SystemUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'], undefined)).trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function scalar(url: string, sql: string): Promise<string | null> {
  return onServer(url, async (client) => {
    const { rows } = await client.query<{ value: string | null }>(`${sql} AS value`);
    return rows[0]!.value;
  });
}

/** The binaries of the primary's own major version: a standby must run the same one. */
async function binariesOf(primaryUrl: string): Promise<string> {
  const versionNumber = Number(await scalar(primaryUrl, 'SELECT current_setting($$server_version_num$$)'));
  const folder = `/usr/lib/postgresql/${Math.floor(versionNumber / 10_000)}/bin`;
  if (!existsSync(`${folder}/pg_basebackup`)) {
    throw new Error(`no PostgreSQL binaries for the test server's version at ${folder} (pg_basebackup)`);
  }
  return folder;
}

export interface ReadReplica {
  /** The replica's address of a database (the test's own, replicated from the primary). */
  urlOf(database: string): string;
  /** Stops replaying: what the primary writes from now on stays invisible on the replica. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary had written when this was called. */
  caughtUp(): Promise<void>;
  /** A stopped replica, as when its machine is away; `start` brings it back with its data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

const STANDBY_SETTINGS = (port: number, folder: string, maxConnections: string) => `
# A test standby (services/api/test/support/read-replica.ts); later lines win over the primary's.
port = ${port}
listen_addresses = '127.0.0.1'
unix_socket_directories = '${folder}'
hba_file = '${folder}/data/pg_hba.conf'
ident_file = '${folder}/data/pg_ident.conf'
hot_standby = on
ssl = off
max_connections = ${maxConnections}
shared_buffers = '16MB'
logging_collector = off
cluster_name = 'platzbuchung-test-replica'
`;

/**
 * Starts a streaming replica of the test PostgreSQL, ready and caught up. Fails with the reason
 * (missing binaries, replication not allowed, …) when it cannot.
 */
export async function startReadReplica(primaryUrl: string = adminDatabaseUrl()): Promise<ReadReplica> {
  const bin = await binariesOf(primaryUrl);
  const user = await serverUser();
  const folder = await mkdtemp(path.join(tmpdir(), 'pb-replica-'));
  const data = `${folder}/data`;
  const port = await freePort();
  const primary = new URL(primaryUrl);
  const replicaUrl = (database: string) =>
    withDatabase(`postgres://${primary.username || 'postgres'}@127.0.0.1:${port}/postgres`, database);
  const pgCtl = (args: string[]) => run(`${bin}/pg_ctl`, ['-D', data, ...args], user);
  let running = false;

  const remove = async () => {
    if (running) await pgCtl(['stop', '-m', 'immediate', '-w']).catch(() => undefined);
    running = false;
    await rm(folder, { recursive: true, force: true });
  };
  try {
    if (user) await chown(folder, user.uid, user.gid);
    await chmod(folder, 0o700);
    await run(
      `${bin}/pg_basebackup`,
      [
        ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', primary.username || 'postgres'],
        ...['-D', data, '-R', '-X', 'stream', '-c', 'fast', '-w'],
      ],
      user,
    );
    // Debian keeps the configuration outside the data folder; elsewhere the primary's copy is there.
    // A standby refuses to run with fewer connections than its primary allows.
    const maxConnections = (await scalar(primaryUrl, 'SELECT current_setting($$max_connections$$)'))!;
    await appendFile(`${data}/postgresql.conf`, STANDBY_SETTINGS(port, folder, maxConnections));
    await writeFile(`${data}/pg_hba.conf`, 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    await writeFile(`${data}/pg_ident.conf`, '');
    if (user) {
      for (const file of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) {
        await chown(`${data}/${file}`, user.uid, user.gid);
      }
    }
    const start = async () => {
      await pgCtl(['start', '-w', '-t', '120', '-l', `${folder}/server.log`]).catch(async (err: Error) => {
        const log = await readFile(`${folder}/server.log`, 'utf8').catch(() => '');
        throw new Error(`${err.message}\n${log.split('\n').slice(-15).join('\n')}`);
      });
      running = true;
      await waitUntil(
        'the replica answers as a standby',
        async () =>
          (await scalar(replicaUrl('postgres'), 'SELECT pg_is_in_recovery()::text').catch(() => null)) ===
          'true',
        120_000,
      );
    };
    const caughtUp = async () => {
      const target = (await scalar(primaryUrl, 'SELECT pg_current_wal_lsn()::text'))!;
      let replayed: string | null = null;
      await waitUntil(
        'the replica has replayed the primary',
        async () => {
          replayed = await scalar(replicaUrl('postgres'), 'SELECT pg_last_wal_replay_lsn()::text');
          return replayed !== null && lsnValue(replayed) >= lsnValue(target);
        },
        240_000,
      ).catch(async (err: Error) => {
        // What the replica did meanwhile says why: not streaming, replay stopped, or only slow.
        const receiver = await scalar(
          replicaUrl('postgres'),
          'SELECT (SELECT row_to_json(r)::text FROM pg_stat_wal_receiver r)',
        ).catch((e: Error) => e.message);
        const log = await readFile(`${folder}/server.log`, 'utf8').catch(() => '');
        throw new Error(
          `${err.message}: primary at ${target}, replica replayed ${replayed}, receiver ${receiver}\n${log.split('\n').slice(-10).join('\n')}`,
        );
      });
    };
    await start();
    await caughtUp();
    return {
      urlOf: replicaUrl,
      pauseReplay: async () =>
        void (await scalar(replicaUrl('postgres'), 'SELECT pg_wal_replay_pause()::text')),
      resumeReplay: async () =>
        void (await scalar(replicaUrl('postgres'), 'SELECT pg_wal_replay_resume()::text')),
      caughtUp,
      stop: async () => {
        await pgCtl(['stop', '-m', 'fast', '-w', '-t', '120']);
        running = false;
      },
      start,
      remove,
    };
  } catch (err) {
    await remove();
    throw err;
  }
}
