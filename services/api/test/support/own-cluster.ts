/**
 * PostgreSQL servers of a test's own, made with `initdb` in a temporary folder: a primary and, when
 * asked, streaming standbys of it. Tests that stop, kill, fail over or restore a server use these,
 * never the machine's PostgreSQL, so they need nothing of its pg_hba.conf (replication is allowed
 * in the cluster's own). PostgreSQL refuses to run as root, so as root (CI) it runs as the
 * `postgres` system user; the folder is made under the system's temporary folder, which that user
 * can reach even when the checkout lies in a private (0700) home.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './api-process';
import { waitUntil } from './event-log';

export interface SystemUser {
  uid: number;
  gid: number;
}

export function run(
  program: string,
  args: string[],
  user: SystemUser | undefined,
  timeoutMs = 120_000,
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(
      program,
      args,
      { ...user, timeout: timeoutMs, encoding: 'utf8', env: env ?? process.env },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(`${path.basename(program)} ${args.join(' ')} failed: ${stderr || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** As root: the `postgres` system user, whom PostgreSQL accepts. Otherwise whoever runs the tests. */
export async function serverUser(): Promise<SystemUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'], undefined)).trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * The folder of PostgreSQL's server binaries: `PG_BIN`, else the newest version Debian installed
 * under /usr/lib/postgresql, else whatever `initdb` the PATH finds.
 */
export function serverBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(`${root}/${version}/bin/initdb`))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? `${root}/${versions[0]}/bin` : '';
}

const binary = (bin: string, name: string) => (bin ? `${bin}/${name}` : name);

/** A folder only the server's user may enter, under the system's temporary folder. */
export async function serverFolder(prefix: string, user: SystemUser | undefined): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  if (user) await chown(folder, user.uid, user.gid);
  await chmod(folder, 0o700);
  return folder;
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One value of a query on a server. */
export async function scalar(url: string, sql: string): Promise<string | null> {
  return onServer(url, async (client) => {
    const { rows } = await client.query<{ value: string | null }>(`${sql} AS value`);
    return rows[0]?.value ?? null;
  });
}

/** Runs statements on a server (CREATE DATABASE, which no transaction may hold). */
export async function execute(url: string, sql: string): Promise<void> {
  await onServer(url, (client) => client.query(sql));
}

/** Settings that keep a throwaway server small and quick; what a standby or restore needs stays on. */
const TEST_SETTINGS = (port: number, folder: string) => `
# A test server (services/api/test/support/own-cluster.ts)
port = ${port}
listen_addresses = '127.0.0.1'
unix_socket_directories = '${folder}'
max_connections = 60
shared_buffers = '16MB'
wal_level = replica
max_wal_senders = 5
hot_standby = on
fsync = off
logging_collector = off
ssl = off
`;

export interface OwnServer {
  readonly port: number;
  readonly data: string;
  /** The address of one of its databases. */
  urlOf(database: string): string;
  /** pg_ctl stop (`immediate` is a crash, `fast` a clean stop). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** The postmaster's process id, to kill it. */
  pid(): Promise<number>;
  /** The last lines of its log, to say why something failed. */
  logTail(lines?: number): Promise<string>;
}

export interface OwnCluster {
  readonly folder: string;
  readonly bin: string;
  readonly user: SystemUser | undefined;
  readonly primary: OwnServer;
  /** Runs one of PostgreSQL's programs as the server's user. */
  run(program: string, args: string[], timeoutMs?: number): Promise<string>;
  /** A streaming standby of the primary (pg_basebackup -R), started and answering. */
  addStandby(): Promise<OwnServer>;
  /** Stops every server and removes the folder. */
  remove(): Promise<void>;
}

function ownServer(
  bin: string,
  user: SystemUser | undefined,
  folder: string,
  name: string,
  port: number,
): OwnServer & { running: boolean } {
  const data = `${folder}/${name}`;
  const log = `${folder}/${name}.log`;
  const pgCtl = (args: string[]) => run(binary(bin, 'pg_ctl'), ['-D', data, ...args], user);
  const logTail = async (lines = 15) =>
    (await readFile(log, 'utf8').catch(() => '')).split('\n').slice(-lines).join('\n');
  const server = {
    port,
    data,
    running: false,
    urlOf: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async (mode: 'fast' | 'immediate' = 'fast') => {
      await pgCtl(['stop', '-m', mode, '-w', '-t', '60']);
      server.running = false;
    },
    start: async () => {
      await pgCtl(['start', '-w', '-t', '60', '-l', log]).catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await logTail()}`);
      });
      server.running = true;
    },
    pid: async () => Number((await readFile(`${data}/postmaster.pid`, 'utf8')).split('\n')[0]),
    logTail,
  };
  return server;
}

/** A fresh primary of its own on a free port; fails with the reason when it cannot start. */
export async function startOwnCluster(prefix = 'pb-cluster-'): Promise<OwnCluster> {
  const bin = serverBinaries();
  const user = await serverUser();
  const folder = await serverFolder(prefix, user);
  const servers: (OwnServer & { running: boolean })[] = [];
  const remove = async () => {
    for (const server of servers) {
      if (server.running) await server.stop('immediate').catch(() => undefined);
    }
    await rm(folder, { recursive: true, force: true });
  };
  const asServer = (program: string, args: string[], timeoutMs?: number) =>
    run(binary(bin, program), args, user, timeoutMs);
  try {
    const primary = ownServer(bin, user, folder, 'primary', await freePort());
    servers.push(primary);
    // initdb's own pg_hba.conf with trust lets local and 127.0.0.1 connections in, replication too.
    await asServer('initdb', [
      '-D',
      primary.data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await appendFile(primary.data + '/postgresql.conf', TEST_SETTINGS(primary.port, folder));
    await primary.start();
    let standbys = 0;
    return {
      folder,
      bin,
      user,
      primary,
      run: asServer,
      addStandby: async () => {
        const name = `standby${++standbys}`;
        const standby = ownServer(bin, user, folder, name, await freePort());
        servers.push(standby);
        await asServer('pg_basebackup', [
          ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
          ...['-D', standby.data, '-R', '-X', 'stream', '-c', 'fast', '-w'],
        ]);
        // Later lines win: the standby's own port.
        await appendFile(standby.data + '/postgresql.conf', `port = ${standby.port}\n`);
        await standby.start();
        await waitUntil(
          'the standby answers',
          async () =>
            (await scalar(standby.urlOf('postgres'), 'SELECT pg_is_in_recovery()::text').catch(
              () => null,
            )) === 'true',
          60_000,
        );
        return standby;
      },
      remove,
    };
  } catch (err) {
    await remove();
    throw err;
  }
}

/** A folder beside the cluster's, owned by the server's user (an archive, a restore). */
export async function subfolder(cluster: OwnCluster, name: string): Promise<string> {
  const folder = `${cluster.folder}/${name}`;
  await mkdir(folder, { mode: 0o700 });
  if (cluster.user) await chown(folder, cluster.user.uid, cluster.user.gid);
  return folder;
}
