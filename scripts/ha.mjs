#!/usr/bin/env node
/**
 * `npm run ha -- up|down|status`: a pg_auto_failover formation on this machine, for trying a
 * failover (docs/operations.md): a monitor, a primary and a synchronous standby on free local ports,
 * in a folder under the system's temporary folder (`HA_DIR`, default `<tmp>/platzbuchung-ha`).
 * `up` prints the multi-host DATABASE_URL to use. As root, the servers run as the `postgres` user.
 *
 * Options: `--dir <folder>` instead of HA_DIR; `--json` prints what `up` and `status` know as JSON
 * (the failover test reads it); `--fast` lets the monitor declare a dead primary after ~3 s instead
 * of pg_auto_failover's 20 s (tests, demonstrations).
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  openSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries } from './postgres-programs.mjs';

const args = process.argv.slice(2);
const command = args.find((arg) => !arg.startsWith('--')) ?? 'status';
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const asJson = args.includes('--json');
const fast = args.includes('--fast');
const dir = option('dir') ?? process.env.HA_DIR ?? join(tmpdir(), 'platzbuchung-ha');
const stateFile = join(dir, 'formation.json');
const DATABASE = 'platz';

function say(line) {
  if (!asJson) console.log(`[ha] ${line}`);
}

function refuse(line) {
  console.error(`[ha] ${line}`);
  process.exit(1);
}

/** PostgreSQL's server binaries: PG_BIN, else the newest Debian version that has pg_auto_failover. */
function binaries() {
  const bin = postgresBinaries(join('lib', 'pgautofailover.so'));
  if (!bin) {
    refuse('pg_auto_failover fehlt: apt-get install postgresql-15-auto-failover (Debian), dann erneut.');
  }
  return bin;
}

/** As root: the `postgres` system user, whom PostgreSQL accepts. Otherwise whoever runs this. */
function serverUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** pg_autoctl keeps its configuration and state under XDG folders: this formation's own. */
function environment(bin) {
  return {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    PG_CONFIG: join(bin, 'pg_config'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'share'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
  };
}

function psql(bin, user, port, database, sql) {
  return execFileSync(
    join(bin, 'psql'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-Atqc', sql],
    { encoding: 'utf8', ...user, cwd: dir, timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}

/** Starts one `pg_autoctl create … --run` in its own process group, its output in a log file. */
function runNode(bin, user, name, autoctlArgs) {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  if (user) chownSync(log, user.uid, user.gid);
  const out = openSync(log, 'a');
  const child = spawn('pg_autoctl', autoctlArgs, {
    env: environment(bin),
    ...user,
    cwd: dir,
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  closeSync(out);
  return { pid: child.pid, log };
}

async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > until)
      refuse(`${what}: nach ${timeoutMs / 1000} s nicht erreicht (Protokolle in ${dir})`);
    await sleep(300);
  }
}

function readState() {
  return existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
}

/** The nodes as the monitor sees them: name, port, reported and assigned state. */
function nodes(state) {
  const rows = psql(
    state.bin,
    state.user,
    state.monitor.port,
    'pg_auto_failover',
    "SELECT string_agg(concat_ws('|', nodename, nodeport, reportedstate, goalstate), E'\\n' ORDER BY nodeid) FROM pgautofailover.node",
  );
  return rows
    .split('\n')
    .filter(Boolean)
    .map((row) => {
      const [name, port, reported, assigned] = row.split('|');
      return { name, port: Number(port), reported, assigned };
    });
}

async function up() {
  if (readState()) refuse(`Im Ordner ${dir} läuft schon eine Formation: npm run ha -- down`);
  const bin = binaries();
  const user = serverUser();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dir, user.uid, user.gid);
  const [monitorPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  const state = { dir, bin, user, monitor: { port: monitorPort }, nodes: [] };
  const common = ['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--pgctl', join(bin, 'pg_ctl')];

  say(`Monitor auf Port ${monitorPort}`);
  state.monitor.process = runNode(bin, user, 'monitor', [
    ...['create', 'monitor', '--pgdata', join(dir, 'monitor'), '--pgport', String(monitorPort)],
    ...common,
    '--run',
  ]);
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  await waitFor(
    'der Monitor antwortet',
    () => psql(bin, user, monitorPort, 'pg_auto_failover', 'SELECT 1') === '1',
    60_000,
  );
  if (fast) {
    // pg_auto_failover's defaults wait 20 s before declaring a node dead; a demonstration need not.
    for (const [name, value] of [
      ['health_check_period', 1000],
      ['health_check_timeout', 1000],
      ['health_check_max_retries', 1],
      ['health_check_retry_delay', 500],
      ['node_considered_unhealthy_timeout', 3000],
      ['primary_demote_timeout', 5000],
    ]) {
      psql(bin, user, monitorPort, 'pg_auto_failover', `ALTER SYSTEM SET pgautofailover.${name} = ${value}`);
    }
    psql(bin, user, monitorPort, 'pg_auto_failover', 'SELECT pg_reload_conf()');
  }
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;

  for (const [index, port] of [port1, port2].entries()) {
    const name = `node${index + 1}`;
    say(`${index === 0 ? 'Primary' : 'Synchroner Standby'} ${name} auf Port ${port}`);
    const process_ = runNode(bin, user, name, [
      ...['create', 'postgres', '--pgdata', join(dir, name), '--pgport', String(port)],
      ...['--name', name, '--dbname', DATABASE, '--monitor', monitorUri],
      ...common,
      '--run',
    ]);
    state.nodes.push({ name, port, process: process_ });
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    if (index === 0) {
      await waitFor(
        'der Primary ist bereit',
        () => nodes(state).some((n) => n.name === name && n.reported === 'single'),
        90_000,
      );
    }
  }
  await waitFor(
    'der Standby folgt dem Primary',
    () => {
      // pg_basebackup waits for a checkpoint; a fresh primary would take minutes to make one itself.
      psql(bin, user, port1, 'postgres', 'CHECKPOINT');
      const seen = nodes(state);
      return (
        seen.length === 2 &&
        seen.every((n) => ['primary', 'secondary'].includes(n.reported) && n.reported === n.assigned)
      );
    },
    120_000,
  );
  state.databaseUrl = `postgres://postgres@127.0.0.1:${port1},127.0.0.1:${port2}/${DATABASE}?target_session_attrs=read-write`;
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  if (asJson) console.log(JSON.stringify(state));
  else {
    say('Formation läuft. Das Produkt darauf richten:');
    console.log(`DATABASE_URL='${state.databaseUrl}'`);
  }
}

function status() {
  const state = readState();
  if (!state) refuse(`Keine Formation in ${dir}: npm run ha -- up`);
  let seen;
  try {
    seen = nodes(state);
  } catch (error) {
    refuse(`Der Monitor antwortet nicht (${error.message.split('\n')[0]})`);
  }
  if (asJson) {
    console.log(JSON.stringify({ ...state, seen }));
    return;
  }
  for (const node of seen) {
    console.log(`${node.name}  127.0.0.1:${node.port}  ${node.reported} (soll: ${node.assigned})`);
  }
  console.log(`DATABASE_URL='${state.databaseUrl}'`);
}

function down() {
  const state = readState();
  if (!state && !existsSync(dir)) refuse(`Keine Formation in ${dir}`);
  for (const entry of [...(state?.nodes ?? []), state?.monitor].filter(Boolean)) {
    if (!entry.process?.pid) continue;
    try {
      // Each pg_autoctl was started in its own process group: it and its PostgreSQL end together.
      process.kill(-entry.process.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  // PostgreSQL a killed keeper left behind: its postmaster.pid says which process.
  for (const name of ['node1', 'node2', 'monitor']) {
    const pidFile = join(dir, name, 'postmaster.pid');
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
  }
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const pids = [...(state?.nodes ?? []), state?.monitor].map((entry) => entry?.process?.pid).filter(Boolean);
  const until = Date.now() + 15_000;
  while (pids.some(alive) && Date.now() < until) execFileSync('sleep', ['0.2']);
  rmSync(dir, { recursive: true, force: true });
  say(`Formation in ${dir} beendet und entfernt`);
}

if (command === 'up') await up();
else if (command === 'down') down();
else if (command === 'status') status();
else refuse(`Unbekannter Befehl „${command}“: up, down oder status`);
