/**
 * `npm run start:prod` from what the build compiled: plain JavaScript under NODE_ENV=production, one
 * API worker per requested core, the mail worker and the remote file servers as their own
 * processes, hashed remote files cached as immutable; and a clear refusal of the development
 * session secret. The UIs were built by the stack of this e2e run; the server is compiled here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../services/api/test/support/databases';
import { freePorts, REPO_ROOT, waitForOk } from './support/processes';

const STACK_TRACE_LINE = /^\s+at .+:\d+:\d+\)?$/m;
const DEVELOPMENT_SECRET = 'platzbuchung-development-secret-change-me';

let database: string;
let env: NodeJS.ProcessEnv;
let ports: { api: number; reservations: number };

function startProd(extra: NodeJS.ProcessEnv = {}): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['scripts/start-prod.mjs'], {
    cwd: REPO_ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

/** The command lines of a process's children, read from /proc. */
function childCommands(pid: number): string[] {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return children.map((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim());
}

function environOf(command: string, pid: number): Record<string, string> {
  const child = spawnSync('pgrep', ['-P', String(pid), '-f', command], { encoding: 'utf8' }).stdout.split(
    '\n',
  )[0];
  return Object.fromEntries(
    readFileSync(`/proc/${child}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  database = uniqueDatabaseName('pb_prod');
  await createDatabase(database);
  const [api, auth, reservations, admin] = (await freePorts(4)) as [number, number, number, number];
  ports = { api, reservations };
  env = {
    ...process.env,
    DATABASE_URL: withDatabase(adminDatabaseUrl(), database),
    PORT: String(api),
    PUBLIC_URL: `http://localhost:${api}`,
    AUTH_REMOTE_PORT: String(auth),
    RESERVATIONS_REMOTE_PORT: String(reservations),
    ADMIN_REMOTE_PORT: String(admin),
    SESSION_SECRET: 'a-production-secret-of-forty-characters!',
    WEB_CONCURRENCY: '2',
    MAIL_QUEUE: `mail-${database}`,
    LOG_LEVEL: 'warn',
  };
  delete env.REMOTE_URLS;
  delete env.NODE_ENV;
}, 120_000);

afterAll(async () => {
  if (database) await dropDatabase(database);
});

describe('npm run start:prod', () => {
  it('runs compiled JavaScript in production: two API workers, the mailer and the remotes', async () => {
    const prod = startProd();
    try {
      await waitForOk(`http://127.0.0.1:${ports.api}/readyz`, undefined, 60_000);
      await expect.poll(() => prod.output(), { timeout: 30_000 }).toMatch(/2 API worker\(s\)/);
      const commands = childCommands(prod.child.pid as number);
      expect(commands.filter((command) => command.endsWith('services/api/build/main.mjs'))).toHaveLength(2);
      expect(commands.filter((command) => command.endsWith('services/mailer/build/main.mjs'))).toHaveLength(
        1,
      );
      expect(
        commands.filter((command) => command.includes('services/api/build/serve-remote.mjs')),
      ).toHaveLength(3);
      // Nothing compiles TypeScript at run time.
      expect(commands.join('\n')).not.toMatch(/tsx|\.ts\b/);
      expect(environOf('services/api/build/main.mjs', prod.child.pid as number).NODE_ENV).toBe('production');

      const page = await fetch(`http://127.0.0.1:${ports.api}/`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      const remote = `http://127.0.0.1:${ports.reservations}`;
      const manifest = await fetch(`${remote}/mf-manifest.json`);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const chunk = readdirSync(path.join(REPO_ROOT, 'mfe-reservations/dist')).find((file) =>
        /\.[0-9a-f]{8}\.js$/.test(file),
      );
      const hashed = await fetch(`${remote}/${chunk}`);
      expect(hashed.status).toBe(200);
      expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      prod.child.kill('SIGTERM');
    }
    expect(await exitOf(prod.child)).toBe(0);
    expect(prod.output()).not.toMatch(STACK_TRACE_LINE);
  }, 120_000);

  it('starts a process that crashed again alone, while the others keep serving', async () => {
    const prod = startProd();
    const pid = prod.child.pid as number;
    const pidsOf = (script: string) =>
      spawnSync('pgrep', ['-P', String(pid), '-f', script], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map(Number);
    const countOf = (script: string) => pidsOf(script).length;
    try {
      await expect.poll(() => prod.output(), { timeout: 60_000 }).toMatch(/2 API worker\(s\)/);

      // An API worker dies: the other one answers meanwhile, and a new one takes its place.
      const first = pidsOf('services/api/build/main.mjs');
      const victim = first[0] as number;
      process.kill(victim, 'SIGKILL');
      await expect
        .poll(() => prod.output(), { timeout: 10_000 })
        .toMatch(new RegExp(`API worker ${victim} exited \\(SIGKILL\\); starting it again in 1 s`));
      expect((await fetch(`http://127.0.0.1:${ports.api}/readyz`)).status).toBe(200);
      await expect
        .poll(() => prod.output(), { timeout: 30_000 })
        .toMatch(/listens in place of one that exited/);

      // The new one dies at once: still no reason to stop the others, only a longer pause.
      const replacement = pidsOf('services/api/build/main.mjs').find((worker) => !first.includes(worker));
      process.kill(replacement as number, 'SIGKILL');
      await expect
        .poll(() => prod.output(), { timeout: 10_000 })
        .toMatch(new RegExp(`API worker ${replacement} exited \\(SIGKILL\\); starting it again in 2 s`));

      // The mailer and a remote's file server die: each comes back alone.
      process.kill(pidsOf('services/mailer/build/main.mjs')[0] as number, 'SIGKILL');
      process.kill(pidsOf('services/api/build/serve-remote.mjs')[0] as number, 'SIGKILL');
      await expect.poll(() => prod.output(), { timeout: 10_000 }).toMatch(/mailer exited \(SIGKILL\)/);
      await expect.poll(() => countOf('services/mailer/build/main.mjs'), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => countOf('services/api/build/serve-remote.mjs'), { timeout: 30_000 }).toBe(3);
      await expect.poll(() => countOf('services/api/build/main.mjs'), { timeout: 30_000 }).toBe(2);
      expect((await fetch(`http://127.0.0.1:${ports.api}/readyz`)).status).toBe(200);
      expect(prod.child.exitCode).toBeNull();
    } finally {
      prod.child.kill('SIGTERM');
    }
    expect(await exitOf(prod.child)).toBe(0);
  }, 180_000);

  it('refuses the development session secret in one line, before starting anything', async () => {
    const prod = startProd({ SESSION_SECRET: DEVELOPMENT_SECRET });
    expect(await exitOf(prod.child)).toBe(1);
    expect(prod.output().trim()).toBe(
      '[start:prod] SESSION_SECRET is the public development value; set a secret of your own in production',
    );
  });

  it('refuses a missing session secret and a missing database the same way', async () => {
    const noSecret = startProd({ SESSION_SECRET: '' });
    expect(await exitOf(noSecret.child)).toBe(1);
    expect(noSecret.output().trim().split('\n')).toEqual([
      expect.stringMatching(/^\[start:prod\] SESSION_SECRET/),
    ]);
    const noDatabase = startProd({ DATABASE_URL: '' });
    expect(await exitOf(noDatabase.child)).toBe(1);
    expect(noDatabase.output().trim().split('\n')).toEqual([
      expect.stringMatching(/^\[start:prod\] DATABASE_URL fehlt/),
    ]);
  });
});
