#!/usr/bin/env node
/**
 * `npm run release -- <remote> [--from <built folder>]`: builds the remote (unless --from names a
 * build) and keeps the build as `remotes/<remote>/<version>/`, the version being the hash of its
 * content. An existing version is never overwritten (the same content gets the same name). Serving
 * it is a separate step: `npm run switch -- <remote> <version>`.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_WORKSPACES, releaseFolder, releasesDir, root } from './remote-releases.mjs';

function refuse(line) {
  console.error(`[release] ${line}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { from: { type: 'string' } } });
const remote = positionals[0];
if (!remote || !(remote in REMOTE_WORKSPACES)) {
  refuse(`usage: npm run release -- <${Object.keys(REMOTE_WORKSPACES).join('|')}> [--from <built folder>]`);
}

const workspace = REMOTE_WORKSPACES[remote];
if (!values.from) {
  console.log(`[release] building ${workspace}…`);
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) refuse(`building ${workspace} failed`);
}
const source = values.from ? resolve(values.from) : join(root, workspace, 'dist');
if (!existsSync(join(source, 'mf-manifest.json')))
  refuse(`${source} holds no built remote (mf-manifest.json)`);
if (!existsSync(join(source, 'host-contract.json')))
  refuse(`${source} declares no host contract (host-contract.json)`);
const { hostContract } = JSON.parse(readFileSync(join(source, 'host-contract.json'), 'utf8'));

/** Every file's path and bytes, in a fixed order: equal builds get equal versions. */
function contentHash(folder) {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== '.built')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(relative(folder, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 12);
}

const version = contentHash(source);
const target = releaseFolder(remote, version);
if (existsSync(target)) {
  console.log(`[release] ${remote} ${version} exists already (same content); nothing written`);
} else {
  // Copied aside and renamed into place: a half-copied version is never visible.
  mkdirSync(join(releasesDir(), remote), { recursive: true });
  const staging = join(releasesDir(), remote, `.staging-${randomBytes(4).toString('hex')}`);
  cpSync(source, staging, { recursive: true, filter: (path) => !path.endsWith('.built') });
  renameSync(staging, target);
  rmSync(staging, { recursive: true, force: true });
  console.log(
    `[release] ${remote} ${version} (host contract ${hostContract}) in ${target.startsWith(root) ? relative(root, target) : target}`,
  );
}
console.log(`[release] to serve it: npm run switch -- ${remote} ${version}`);
