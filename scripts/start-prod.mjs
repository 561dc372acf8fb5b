#!/usr/bin/env node
/**
 * `npm run start:prod`: the product as it runs in production, from what `npm run build` compiled.
 *
 * - NODE_ENV=production for every process; the API refuses the development session secret.
 * - One API worker per core (node:cluster; WEB_CONCURRENCY overrides). The first worker migrates
 *   the database before the others start.
 * - The mailer as a process of its own: it takes what the API workers leave in the mail outbox,
 *   through the queue when Redis is reachable, otherwise it sends the mails itself.
 * - Once the first API worker listens, a process that dies (an API worker, the mailer, a remote's
 *   file server) is started again alone, after a pause that grows while it keeps dying: one bug
 *   never stops the others. Before that, a death is a start-up error (a bad configuration, an
 *   unreachable database): everything stops with its log line instead of looping.
 * - Each remote's built folder served as static files on its own port: hashed chunks with
 *   `Cache-Control: immutable`, the manifest and entry revalidated (services/api/src/http/static-files.ts).
 *
 * Plain Node on purpose: production runs no TypeScript. Every refusal is one line and exit code 1.
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, releasesDir, remoteUrlsOnHost } from './remote-releases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API = join(root, 'services/api/build/main.mjs');
const API_CONFIG = join(root, 'services/api/build/config.mjs');
const MAILER = join(root, 'services/mailer/build/main.mjs');
const SERVE_REMOTE = join(root, 'services/api/build/serve-remote.mjs');
/** Pauses before restarting a process that keeps dying: 1 s, doubling, at most 30 s. */
const RESTART_PAUSE_MS = { first: 1_000, max: 30_000 };
/** A process that ran this long before dying is unlucky, not broken: its pause starts over. */
const HEALTHY_AFTER_MS = 60_000;

const say = (line) => console.log(`[start:prod] ${line}`);
function refuse(line) {
  console.error(`[start:prod] ${line}`);
  process.exit(1);
}

function checkBuilt() {
  const needed = [API, API_CONFIG, MAILER, SERVE_REMOTE, join(root, 'shell/dist/index.html')].concat(
    REMOTES.map((remote) => join(root, remote.dir, 'dist/mf-manifest.json')),
  );
  const missing = needed.filter((file) => !existsSync(file));
  if (missing.length) {
    refuse(
      `nicht gebaut (${missing.map((file) => file.slice(root.length + 1)).join(', ')}): führen Sie zuerst „npm run build“ aus.`,
    );
  }
  if (!process.env.DATABASE_URL) {
    refuse(
      'DATABASE_URL fehlt: in Produktion läuft keine eingebettete Datenbank; setzen Sie die Adresse Ihrer PostgreSQL-Datenbank.',
    );
  }
}

/** The environment every process gets: production, compiled migrations, remotes on their ports. */
function productionEnv() {
  const port = Number(process.env.PORT ?? 3000);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    MIGRATIONS_DIR: join(root, 'services/api/build/migrations'),
    // Behind a proxy that serves the remotes elsewhere, REMOTE_URLS says where they are.
    REMOTE_URLS: process.env.REMOTE_URLS ?? remoteUrlsOnHost(publicUrl),
  };
}

const children = new Set();
let stopping = false;
/** Set once the first API worker listens: from then on a death is a crash, not a start-up error. */
let running = false;

/** A supervised process's start time and its pause before the next restart (0: none yet). */
const newRecord = () => ({ startedAt: 0, pauseMs: 0 });

/**
 * How long to wait before starting a process again: doubles with each death that came soon after its
 * start, so a process that cannot run is retried slowly instead of in a tight loop.
 */
function restartPause(record) {
  const healthy = Date.now() - record.startedAt >= HEALTHY_AFTER_MS;
  record.pauseMs =
    healthy || record.pauseMs === 0
      ? RESTART_PAUSE_MS.first
      : Math.min(record.pauseMs * 2, RESTART_PAUSE_MS.max);
  return record.pauseMs;
}

/**
 * Restarts what died, alone; before the deployment runs, a death stops everything instead.
 * `record` keeps a process's start time and its current pause across restarts.
 */
function onDeath(name, record, reason, start) {
  if (stopping) return;
  if (!running) {
    // Its own log line above says why (a config error, an unreachable database).
    say(`${name} failed at its start (${reason}); stopping`);
    void stopAll(1);
    return;
  }
  const pause = restartPause(record);
  say(`${name} exited (${reason}); starting it again in ${pause / 1000} s`);
  setTimeout(() => {
    if (!stopping) start();
  }, pause).unref();
}

/** Runs a helper process (the mailer, a remote's file server), restarted alone when it dies. */
function runHelper(name, script, args, env, record = newRecord()) {
  const child = spawn(process.execPath, [script, ...args], { cwd: root, env, stdio: 'inherit' });
  record.startedAt = Date.now();
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    onDeath(name, record, signal ?? code, () => runHelper(name, script, args, env, record));
  });
}

function forkWorker(env, record = newRecord()) {
  const worker = cluster.fork(env);
  worker.record = record;
  record.startedAt = Date.now();
  return worker;
}

/** The first worker migrates; the rest start once it listens, so no two migrate at once. */
function startWorkers(env, count) {
  cluster.setupPrimary({ exec: API });
  const first = forkWorker(env);
  first.once('listening', () => {
    running = true;
    for (let i = 1; i < count; i++) forkWorker(env);
  });
  let listening = 0;
  cluster.on('listening', (worker) => {
    listening++;
    if (listening === count) say(`${count} API worker(s) on ${env.PUBLIC_URL}`);
    if (listening > count) say(`API worker ${worker.process.pid} listens in place of one that exited`);
  });
  cluster.on('exit', (worker, code, signal) => {
    onDeath(`API worker ${worker.process.pid}`, worker.record, signal ?? code, () =>
      forkWorker(env, worker.record),
    );
  });
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const exits = [...children].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.kill('SIGTERM');
  const workers = Object.values(cluster.workers ?? {});
  const workerExits = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
  for (const worker of workers) worker.process.kill('SIGTERM');
  await Promise.all([...exits, ...workerExits]);
  process.exit(code);
}

/** The API's own configuration rules (a missing or development SESSION_SECRET, a bad URL), once. */
async function checkConfig(env) {
  const { readConfig, ConfigError } = await import(API_CONFIG);
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
}

async function main() {
  checkBuilt();
  const env = productionEnv();
  await checkConfig(env);
  const workers = Number(process.env.WEB_CONCURRENCY ?? availableParallelism());
  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));
  for (const remote of REMOTES) {
    runHelper(
      `remote ${remote.name}`,
      SERVE_REMOTE,
      // A version released and switched to (npm run release / switch) wins over the last build.
      [
        '--dir',
        join(root, remote.dir, 'dist'),
        '--releases',
        releasesDir(),
        '--remote',
        remote.name,
        '--port',
        String(remote.port),
      ],
      env,
    );
  }
  runHelper('mailer', MAILER, [], env);
  startWorkers(env, Math.max(1, workers));
}

main().catch((error) => refuse(String(error?.message ?? error).replace(/\s*\n\s*/g, ' ')));
