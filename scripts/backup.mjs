#!/usr/bin/env node
/**
 * `npm run backup [-- archive|take|list|verify|restore]`: base backups and point-in-time restore
 * with PostgreSQL's own tools (docs/operations.md, "Backups and restoring to a moment"):
 * `pg_basebackup` copies the server named by DATABASE_URL, its `archive_command` keeps every WAL
 * segment, and a restore replays the archive onto a copy of a base backup up to a moment
 * (`recovery_target_time`), in a new data folder.
 *
 *   npm run backup                         base backup into BACKUP_DIR (checked with pg_verifybackup)
 *   npm run backup -- archive --archive A  turns on WAL archiving into folder A (ALTER SYSTEM)
 *   npm run backup -- list                 the base backups in BACKUP_DIR
 *   npm run backup -- verify [name]        checks a base backup (the newest without a name)
 *   npm run backup -- restore --to D --archive A [--time T] [--port P]
 *                                          a new data folder D at moment T (ISO 8601 with offset)
 *
 * `--dir` stands for BACKUP_DIR, `--archive` for WAL_ARCHIVE_DIR. As root, a restored folder is
 * given to the `postgres` user, whom PostgreSQL accepts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { postgresBinaries } from './postgres-programs.mjs';

const args = process.argv.slice(2);
const command = args.find((arg, at) => !arg.startsWith('--') && !args[at - 1]?.startsWith('--')) ?? 'take';
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};

function say(line) {
  console.log(`[backup] ${line}`);
}

function refuse(line) {
  console.error(`[backup] ${line}`);
  process.exit(1);
}

/** PostgreSQL's programs: PG_BIN, else the newest version Debian installed, else the PATH's. */
const binaries = () => postgresBinaries(join('bin', 'pg_basebackup'));

const program = (name) => (binaries() ? join(binaries(), name) : name);

function runProgram(name, programArgs, options = {}) {
  try {
    return execFileSync(program(name), programArgs, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
  } catch (error) {
    refuse(`${name} fehlgeschlagen: ${(error.stderr || error.message).toString().trim()}`);
  }
}

function databaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) refuse('DATABASE_URL fehlt: die Datenbank, deren Server gesichert wird.');
  return url;
}

function backupDir() {
  const dir = option('dir') ?? process.env.BACKUP_DIR;
  if (!dir) refuse('BACKUP_DIR fehlt (oder --dir): der Ordner der Basissicherungen.');
  return resolve(dir);
}

function archiveDir() {
  const dir = option('archive') ?? process.env.WAL_ARCHIVE_DIR;
  if (!dir) refuse('WAL_ARCHIVE_DIR fehlt (oder --archive): der Ordner des WAL-Archivs.');
  return resolve(dir);
}

/** A path PostgreSQL gets inside a single-quoted setting and a shell command. */
function quotable(path) {
  if (/['"\\\s$`]/.test(path))
    refuse(`Der Pfad ${path} darf weder Leerzeichen noch Anführungszeichen enthalten.`);
  return path;
}

function sql(statement) {
  return runProgram('psql', ['-d', databaseUrl(), '-X', '-Atqc', statement]).trim();
}

/**
 * Turns on WAL archiving on the server: every finished WAL segment is copied into the archive, and
 * a quiet server still hands one over each minute (archive_timeout), so at most a minute is lost.
 */
function archive() {
  const dir = quotable(archiveDir());
  const copy = `test ! -f ${dir}/%f && cp %p ${dir}/%f`;
  sql(`ALTER SYSTEM SET archive_mode = 'on'`);
  sql(`ALTER SYSTEM SET archive_command = '${copy}'`);
  sql(`ALTER SYSTEM SET archive_timeout = '60s'`);
  sql('SELECT pg_reload_conf()');
  say(`archive_command = '${copy}' (der Ordner muss auf dem Datenbankserver liegen und ihm gehören)`);
  const mode = sql("SELECT setting || ':' || pending_restart FROM pg_settings WHERE name = 'archive_mode'");
  if (mode !== 'on:false')
    say('archive_mode wird erst nach einem Neustart des Servers wirksam: bitte neu starten.');
  else say('WAL-Archivierung läuft.');
}

const INFO = (dir, name) => join(dir, `${name}.json`);

/** The base backups in the folder, oldest first, each with when it began and ended. */
function backups(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && existsSync(join(dir, name.slice(0, -5))))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    .sort((a, b) => a.finished.localeCompare(b.finished));
}

function bytesOf(path) {
  return Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function verify(dir, name) {
  const started = Date.now();
  runProgram('pg_verifybackup', ['--quiet', join(dir, name)]);
  say(
    `${name}: geprüft (Prüfsummen und WAL, pg_verifybackup) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** A base backup in plain format with the WAL it needs, then checked against its manifest. */
function take() {
  const dir = backupDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const started = new Date();
  const name = `basis-${started
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const target = join(dir, name);
  if (existsSync(target)) refuse(`${target} gibt es schon.`);
  say(`Basissicherung nach ${target} …`);
  runProgram('pg_basebackup', [
    ...['-d', databaseUrl(), '-D', target],
    ...['--format=plain', '--wal-method=stream', '--checkpoint=fast', '--label', name],
  ]);
  const finished = new Date();
  const info = {
    name,
    started: started.toISOString(),
    finished: finished.toISOString(),
    seconds: (finished.getTime() - started.getTime()) / 1000,
    bytes: bytesOf(target),
  };
  writeFileSync(INFO(dir, name), `${JSON.stringify(info, null, 2)}\n`);
  say(`${name}: ${megabytes(info.bytes)} in ${info.seconds.toFixed(1)} s`);
  verify(dir, name);
  if (args.includes('--json')) console.log(JSON.stringify(info));
}

function list() {
  const dir = backupDir();
  const all = backups(dir);
  if (!all.length) say(`Keine Basissicherung in ${dir}`);
  for (const info of all)
    say(`${info.name}  fertig ${info.finished}  ${megabytes(info.bytes)}  ${info.seconds.toFixed(1)} s`);
}

/** The moment to restore to, as an instant PostgreSQL and JavaScript read alike. */
function momentOf(text) {
  if (!/(Z|[+-]\d\d(:?\d\d)?)$/.test(text))
    refuse(`Zeitpunkt „${text}“ bitte mit Zeitzone angeben, z. B. 2026-11-29T18:03:00+01:00`);
  const moment = new Date(text.replace(' ', 'T'));
  if (Number.isNaN(moment.getTime())) refuse(`Zeitpunkt „${text}“ ist kein Datum nach ISO 8601.`);
  return moment;
}

/** An instant as PostgreSQL's settings read it (they take no `T…Z`): UTC with its offset. */
const postgresTime = (moment) => moment.toISOString().replace('T', ' ').replace('Z', '+00');

/**
 * A new data folder at a moment: a copy of the newest base backup finished before it, told to
 * fetch the archive's WAL and replay it up to the moment, then to become a primary of its own. It
 * does not archive (the copy's setting is overridden) until an operator turns archiving on again.
 */
function restore() {
  const dir = backupDir();
  const archiveFolder = quotable(archiveDir());
  const to = option('to');
  if (!to) refuse('--to fehlt: der neue Datenordner (leer oder noch nicht vorhanden).');
  const target = quotable(resolve(to));
  if (existsSync(target) && readdirSync(target).length)
    refuse(`${target} ist nicht leer: eine Wiederherstellung braucht einen neuen Datenordner.`);
  const time = option('time');
  const moment = time ? momentOf(time) : undefined;
  const chosen = backups(dir)
    .filter((info) => !moment || new Date(info.finished) < moment)
    .at(-1);
  if (!chosen)
    refuse(`Keine Basissicherung in ${dir}${moment ? `, die vor ${moment.toISOString()} fertig war` : ''}.`);
  const started = Date.now();
  mkdirSync(target, { recursive: true, mode: 0o700 });
  execFileSync('cp', ['-a', `${join(dir, chosen.name)}/.`, target]);
  const settings = [
    '',
    `# Wiederherstellung aus ${chosen.name} (npm run backup -- restore)`,
    `restore_command = 'cp ${archiveFolder}/%f %p'`,
    moment ? `recovery_target_time = '${postgresTime(moment)}'` : '# bis zum Ende des Archivs',
    "recovery_target_action = 'promote'",
    "archive_mode = 'off'",
    ...(option('port') ? [`port = ${Number(option('port'))}`] : []),
    '',
  ];
  appendFileSync(join(target, 'postgresql.auto.conf'), settings.join('\n'));
  writeFileSync(join(target, 'recovery.signal'), '');
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', target]);
  execFileSync('chmod', ['0700', target]);
  say(`${target}: ${chosen.name} kopiert in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  say(`Starten (spielt das WAL ${moment ? `bis ${moment.toISOString()}` : 'bis zum Ende des Archivs'} ein):`);
  say(`  ${program('pg_ctl')} -D ${target} -l ${target}.log start`);
}

if (command === 'take') take();
else if (command === 'archive') archive();
else if (command === 'list') list();
else if (command === 'restore') restore();
else if (command === 'verify') {
  const dir = backupDir();
  const name =
    args.find((arg, at) => at > args.indexOf('verify') && !arg.startsWith('--')) ?? backups(dir).at(-1)?.name;
  if (!name) refuse(`Keine Basissicherung in ${dir}`);
  verify(dir, basename(name));
} else refuse(`Unbekannter Befehl „${command}“: take, archive, list, verify oder restore`);
