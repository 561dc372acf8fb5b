/**
 * Where PostgreSQL's programs are, for the scripts that run servers of their own (ha, backup):
 * `PG_BIN`, else the newest version Debian installed under /usr/lib/postgresql that has `marker`
 * (a program or a library that script needs), else '' (the PATH's programs).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = '/usr/lib/postgresql';

export function postgresBinaries(marker) {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync(ROOT)
    ? readdirSync(ROOT)
        .filter((version) => existsSync(join(ROOT, version, marker)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(ROOT, versions[0], 'bin') : '';
}
