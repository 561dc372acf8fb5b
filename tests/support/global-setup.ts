/**
 * Global setup of the `e2e` project: one running stack for the whole run, started exactly as
 * `npm start` starts it (`node scripts/start.mjs`), against a fresh PostgreSQL database, on free
 * ports, with mails written as .eml files to a temp folder. Tests read where it runs with
 * `e2eStack()` from ./stack. Teardown stops start.mjs with SIGTERM (it stops its children) and
 * drops the database.
 *
 * The first run after a UI source changed builds that UI (start.mjs does it); concurrent e2e runs
 * on one checkout take turns through a lock file so two builds never write one dist folder at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { lstat, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  adminDatabaseUrl,
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../services/api/test/support/databases';
import { freePorts, REPO_ROOT, withRepoLock } from './processes';
import type { E2eStack } from './stack';

const READY_LINE = /Platzbuchung läuft: (\S+)/;
const START_TIMEOUT_MS = 540_000;

/** Runs start.mjs and resolves with the URL it prints once the API answers /healthz. */
function startStack(env: NodeJS.ProcessEnv): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`start.mjs printed no URL:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      // Warnings and errors of the stack stay visible in the test output.
      process.stderr.write(text.replace(/^(?=.)/gm, '[stack] '));
      output += text;
      const match = READY_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`start.mjs exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
  return { child, ready };
}

function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The redeployment test (remotes.e2e.spec.ts) swaps mfe-auth/dist for a symlink and back; if a run
 * died in between, put the real build back before anything serves it.
 */
async function restoreSwappedAuthDist(): Promise<void> {
  const authDir = path.join(REPO_ROOT, 'mfe-auth');
  const dist = path.join(authDir, 'dist');
  const parked = (await readdir(authDir)).filter((name) => name.startsWith('dist.e2e-live-'));
  const info = await lstat(dist).catch(() => null);
  if (!parked[0] || (info && !info.isSymbolicLink())) return;
  await rm(dist, { force: true });
  await rename(path.join(authDir, parked[0]), dist);
}

export default async function setup(project: TestProject) {
  const database = uniqueDatabaseName('pb_e2e');
  await createDatabase(database);
  const databaseUrl = withDatabase(adminDatabaseUrl(), database);
  const mailDir = await mkdtemp(path.join(tmpdir(), 'platzbuchung-e2e-mail-'));
  const [port, authPort, reservationsPort, adminPort] = (await freePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  const publicUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    AUTH_REMOTE_PORT: String(authPort),
    RESERVATIONS_REMOTE_PORT: String(reservationsPort),
    ADMIN_REMOTE_PORT: String(adminPort),
    MAIL_DIR: mailDir,
    // Every test signs its accounts up from 127.0.0.1; the limit itself is proven by the API's tests.
    REGISTRATIONS_PER_CLIENT: '100000',
    // A queue of our own: a worker of another run (or of `npm start`) must not take our mails.
    MAIL_QUEUE: `mail-${database}`,
    // Remote versions an operator released in this checkout (npm run release / switch) are not
    // what the tests test: the stack serves the remotes' current builds.
    REMOTES_DIR: path.join(mailDir, 'no-releases'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  delete env.DEMO;
  delete env.REMOTE_URLS;

  let child: ChildProcess | undefined;
  try {
    const baseUrl = await withRepoLock('e2e-start', async () => {
      await restoreSwappedAuthDist();
      const started = startStack(env);
      child = started.child;
      return started.ready;
    });
    const stack: E2eStack = {
      baseUrl,
      remotePorts: { auth: authPort, reservations: reservationsPort, admin: adminPort },
      mailDir,
      databaseUrl,
      mailQueue: env.MAIL_QUEUE!,
    };
    project.provide('e2eStack', stack);
  } catch (error) {
    if (child) await stopStack(child);
    await dropDatabase(database);
    await rm(mailDir, { recursive: true, force: true });
    throw error;
  }

  return async () => {
    if (child) await stopStack(child);
    await dropDatabase(database);
    await rm(mailDir, { recursive: true, force: true });
  };
}
