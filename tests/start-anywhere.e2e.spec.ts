/**
 * `npm start` from a fresh clone in a fresh private folder (mode 0700, what `mktemp -d` and a home
 * directory give). As root this is the case where PostgreSQL, which runs as the `postgres` user,
 * cannot reach a checkout; as a normal user it is the everyday case.
 *
 * The clone is a real `git clone` of this checkout's HEAD. Its node_modules are hard links to this
 * checkout's (what `npm install` would put there, without the network and in a second); everything
 * else, the UI builds included, happens as a newcomer's first start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, chmodSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts, REPO_ROOT } from './support/processes';

const READY_LINE = /Platzbuchung läuft: (\S+)/;
const STACK_TRACE_LINE = /^\s+at .+\(?.+:\d+:\d+\)?$/m;
const FIRST_START_TIMEOUT_MS = 480_000;

let privateFolder: string;
let checkout: string;
/** Where the database goes when the checkout is out of the postgres user's reach. */
let sharedHome: string;

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
}

/** Hard-links every node_modules folder of this checkout into the clone. */
function linkInstalledModules(): void {
  const folders = ['.', ...readdirSync(REPO_ROOT).filter((name) => !name.startsWith('.'))].flatMap((top) =>
    [top, ...(['packages', 'services'].includes(top) ? readdirSync(path.join(REPO_ROOT, top)) : [])].map(
      (name) => (name === top ? top : path.join(top, name)),
    ),
  );
  for (const folder of folders) {
    const modules = path.join(REPO_ROOT, folder, 'node_modules');
    if (existsSync(modules) && existsSync(path.join(checkout, folder))) {
      run('cp', ['-al', modules, path.join(checkout, folder)], REPO_ROOT);
    }
  }
  // start.mjs installs when package-lock.json is newer than the install; the clone's is brand new.
  const installed = statSync(path.join(checkout, 'node_modules', '.package-lock.json')).mtime;
  const before = new Date(installed.getTime() - 1_000);
  utimesSync(path.join(checkout, 'package-lock.json'), before, before);
}

/** Signals npm and everything it started (the test started it as a process group). */
function stopGroup(started: Started, signal: NodeJS.Signals): void {
  if (started.child.pid && started.child.exitCode === null && started.child.signalCode === null) {
    process.kill(-started.child.pid, signal);
  }
}

const startedRuns: Started[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  /** The exit code, or the signal's name when npm ended by it (as after Ctrl+C in a terminal). */
  exited: Promise<number | string | null>;
}

function npmStart(env: NodeJS.ProcessEnv): Started {
  // Its own process group, so the test can press Ctrl+C as a terminal does: SIGINT to all of it.
  const child = spawn('npm', ['start'], {
    cwd: checkout,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const started = { child, output: () => output, exited };
  startedRuns.push(started);
  return started;
}

async function startEnv(): Promise<NodeJS.ProcessEnv & { EMBEDDED_PG_PORT: string }> {
  const [port, auth, reservations, admin, database] = await freePorts(5);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    AUTH_REMOTE_PORT: String(auth),
    RESERVATIONS_REMOTE_PORT: String(reservations),
    ADMIN_REMOTE_PORT: String(admin),
    EMBEDDED_PG_PORT: String(database),
    EMBEDDED_PG_HOME: sharedHome,
    // Our own queue: this run's mailer must not take mails of another run.
    MAIL_QUEUE: `mail-start-anywhere-${process.pid}`,
    LOG_LEVEL: 'warn',
  };
  for (const inherited of ['DATABASE_URL', 'PUBLIC_URL', 'REMOTE_URLS', 'DEMO', 'NODE_ENV']) {
    delete env[inherited];
  }
  return env as NodeJS.ProcessEnv & { EMBEDDED_PG_PORT: string };
}

async function waitUntilReady(started: Started): Promise<string> {
  const deadline = Date.now() + FIRST_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = READY_LINE.exec(started.output());
    if (match?.[1]) return match[1];
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not get ready:\n${started.output()}`);
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(() => {
  privateFolder = mkdtempSync(path.join(tmpdir(), 'platzbuchung-newcomer-'));
  chmodSync(privateFolder, 0o700);
  sharedHome = mkdtempSync(path.join(tmpdir(), 'platzbuchung-shared-'));
  chmodSync(sharedHome, 0o755);
  checkout = path.join(privateFolder, 'platzbuchung');
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
  run('git', ['clone', '--quiet', '--no-local', '--no-checkout', REPO_ROOT, checkout], REPO_ROOT);
  run('git', ['checkout', '--quiet', head], checkout);
  linkInstalledModules();
});

afterAll(() => {
  // A failed assertion must not leave a stack running.
  for (const started of startedRuns) stopGroup(started, 'SIGKILL');
  rmSync(privateFolder, { recursive: true, force: true });
  rmSync(sharedHome, { recursive: true, force: true });
});

describe('npm start in a fresh clone inside a private folder', () => {
  it(
    'starts the embedded database and the whole product, and stops it all again',
    async () => {
      expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
      const started = npmStart(await startEnv());
      try {
        const url = await waitUntilReady(started);
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({ checks: { database: 'ok' } });
        const shell = await fetch(url, { headers: { Accept: 'text/html' } });
        expect(shell.status).toBe(200);
        expect(await shell.text()).toContain('<div id="root"');
      } finally {
        stopGroup(started, 'SIGINT');
      }
      expect([0, 'SIGINT']).toContain(await started.exited);
      expect(started.output()).not.toMatch(STACK_TRACE_LINE);
      // The database stopped with it: PostgreSQL removes its pid file on a clean shutdown.
      const dataFolders = [
        path.join(checkout, 'var', 'postgres'),
        ...readdirSync(sharedHome)
          .filter((name) => !name.startsWith('postgres-'))
          .map((name) => path.join(sharedHome, name, 'postgres')),
      ];
      const used = dataFolders.filter((folder) => existsSync(path.join(folder, 'PG_VERSION')));
      expect(used).toHaveLength(1);
      await expect
        .poll(() => existsSync(path.join(used[0] as string, 'postmaster.pid')), { timeout: 30_000 })
        .toBe(false);
    },
    FIRST_START_TIMEOUT_MS + 60_000,
  );

  it('says in one line why the database cannot start and what to do, and exits non-zero', async () => {
    const env = await startEnv();
    const squatter = await listen(Number(env.EMBEDDED_PG_PORT));
    try {
      const started = npmStart(env);
      expect(await started.exited).not.toBe(0);
      const complaint = started
        .output()
        .split('\n')
        .filter((line) => line.includes('Datenbank'));
      expect(complaint).toEqual([
        expect.stringMatching(
          new RegExp(
            `^\\[start\\] Die eingebettete Datenbank startet nicht: Port ${env.EMBEDDED_PG_PORT} ist schon belegt\\. .*EMBEDDED_PG_PORT`,
          ),
        ),
      ]);
      expect(started.output()).not.toMatch(STACK_TRACE_LINE);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 120_000);
});
