#!/usr/bin/env node
/**
 * `npm run switch -- <remote> <version>`: serves a released version of a remote from the next page
 * load on, by pointing `remotes/remotes.json` at it. The file is written aside and renamed over the
 * old one, so a reader sees the old or the new pointer, never half of one. Rolling back is switching
 * to the previous version; `npm run switch -- <remote>` lists the versions.
 */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  HOST_CONTRACT,
  REMOTE_WORKSPACES,
  currentVersions,
  pointerFile,
  releaseFolder,
  releasesDir,
} from './remote-releases.mjs';

function refuse(line) {
  console.error(`[switch] ${line}`);
  process.exit(1);
}

const [remote, version] = process.argv.slice(2);
if (!remote || !(remote in REMOTE_WORKSPACES)) {
  refuse(`usage: npm run switch -- <${Object.keys(REMOTE_WORKSPACES).join('|')}> <version>`);
}
const current = currentVersions();
if (!version) {
  const folder = join(releasesDir(), remote);
  const versions = existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')) : [];
  const byAge = versions.sort(
    (a, b) => statSync(join(folder, a)).mtimeMs - statSync(join(folder, b)).mtimeMs,
  );
  for (const name of byAge) console.log(`${name === current[remote] ? '*' : ' '} ${name}`);
  if (!byAge.length) console.log(`no released versions of ${remote}: npm run release -- ${remote}`);
  process.exit(0);
}
const folder = releaseFolder(remote, version);
if (!existsSync(join(folder, 'mf-manifest.json')))
  refuse(`${remote} ${version} is not released (no ${folder})`);
const { hostContract } = JSON.parse(readFileSync(join(folder, 'host-contract.json'), 'utf8'));

const next = { ...current, [remote]: version };
mkdirSync(releasesDir(), { recursive: true });
const staging = `${pointerFile()}.${randomBytes(4).toString('hex')}`;
writeFileSync(staging, `${JSON.stringify(next, null, 2)}\n`);
renameSync(staging, pointerFile());
console.log(`[switch] ${remote}: ${current[remote] ?? '(unreleased build)'} → ${version}`);
if (hostContract !== HOST_CONTRACT) {
  console.log(
    `[switch] warning: ${remote} ${version} was built for host contract ${hostContract}, the shell speaks ${HOST_CONTRACT}; its area shows a notice until you switch to a compatible version`,
  );
}
