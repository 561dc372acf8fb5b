#!/usr/bin/env node
/**
 * `npm start [-- --demo]`: installs what is missing, starts an embedded PostgreSQL when DATABASE_URL
 * is unset (data under var/), then runs every process of the product and prints the URL.
 * Plain Node on purpose: it has to run before the dependencies are installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, releasesDir, remoteUrlsOnHost } from './remote-releases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const demo = process.argv.includes('--demo') || process.env.DEMO === '1';
const port = Number(process.env.PORT ?? 3000);
const children = [];
let embedded;

const say = (line) => console.log(`[start] ${line}`);

function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('installing dependencies (npm install)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm install failed');
}

async function startDatabase() {
  const { startEmbeddedPostgres } = await import('./embedded-postgres.mjs');
  embedded = await startEmbeddedPostgres({
    root,
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    say,
  });
  return embedded.url;
}

function run(name, args, env) {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      say(`${name} exited (${signal ?? code}); stopping everything`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

/** The UI workspaces; a remote is built and served once its workspace has a build script. */
const UI_WORKSPACES = [{ dir: 'shell' }, ...REMOTES.map((remote) => ({ dir: remote.dir, remote }))].filter(
  ({ dir }) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.build,
);

/** What a UI build reads besides its own folder. */
const SHARED_SOURCES = ['packages/ui/src', 'packages/ui/build', 'packages/domain/src', 'packages/host/src'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    info.mtimeMs,
  );
}

/** Builds a UI only when a source is newer than its last successful build. */
function buildIfStale({ dir }) {
  const stamp = join(root, dir, 'dist', '.built');
  const sources = [join(dir, 'src'), join(dir, 'public'), join(dir, 'webpack.config.mjs'), ...SHARED_SOURCES];
  const newest = Math.max(...sources.map((source) => newestChange(join(root, source))));
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newest) return;
  say(`building ${dir}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', dir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`building ${dir} failed`);
  writeFileSync(stamp, new Date().toISOString());
}

async function waitForHealth(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve))),
    ),
  );
  if (embedded) await embedded.stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function main() {
  ensureInstalled();
  const databaseUrl = process.env.DATABASE_URL || (await startDatabase());
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  for (const workspace of UI_WORKSPACES) buildIfStale(workspace);
  const remotes = UI_WORKSPACES.flatMap((w) => (w.remote ? [w.remote] : []));
  const env = {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    REMOTE_URLS: remoteUrlsOnHost(publicUrl, remotes),
    ...(demo ? { DEMO: '1' } : {}),
  };
  for (const { dir, name, port: remotePort } of remotes) {
    run(
      `remote ${name}`,
      // A version released and switched to (npm run release / switch) wins over the dev build.
      [
        'scripts/serve-remote.ts',
        '--dir',
        `${dir}/dist`,
        '--releases',
        releasesDir(),
        '--remote',
        name,
        '--port',
        String(remotePort),
      ],
      {},
    );
  }
  run('api', ['services/api/src/main.ts'], env);
  // The mailer takes the mails the API leaves in the outbox: through the queue when Redis answers
  // at REDIS_URL (named after the database unless MAIL_QUEUE says otherwise), else it sends them itself.
  run('mailer', ['services/mailer/src/main.ts'], { DATABASE_URL: databaseUrl });
  await waitForHealth(`http://127.0.0.1:${port}`);
  const lines = [`Platzbuchung läuft: ${publicUrl}`];
  if (demo) {
    const { default: demoAccounts } = await import('../services/api/src/demo-credentials.json', {
      with: { type: 'json' },
    });
    lines.push(
      `Demo-Verein:  ${demoAccounts.clubName}`,
      `Demo-Admin:   ${demoAccounts.admin.email}  Passwort: ${demoAccounts.password}`,
      `Demo-Spieler: ${demoAccounts.player.email}  Passwort: ${demoAccounts.password}`,
      `Weitere ${demoAccounts.members.length} Mitglieder (z. B. ${demoAccounts.members[0].email}) haben dasselbe Passwort.`,
    );
  }
  console.log(['', ...lines, '(Beenden mit Strg+C)', ''].join('\n'));
}

main().catch(async (error) => {
  console.error(`[start] ${String(error?.message ?? error).replace(/\s*\n\s*/g, ' ')}`);
  await stop(1);
});
