/**
 * Released remote versions: `remotes/<remote>/<version>/` (a build, named by the hash of its
 * content, never overwritten) and `remotes/remotes.json`, which names the version served of each
 * remote. `REMOTES_DIR` moves the folder. Shared by release.mjs, switch.mjs and the start scripts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each remote: federation name, workspace folder, and the port the start scripts serve it on. */
export const REMOTES = [
  { name: 'auth', dir: 'mfe-auth', port: Number(process.env.AUTH_REMOTE_PORT ?? 3001) },
  {
    name: 'reservations',
    dir: 'mfe-reservations',
    port: Number(process.env.RESERVATIONS_REMOTE_PORT ?? 3002),
  },
  { name: 'admin', dir: 'mfe-admin', port: Number(process.env.ADMIN_REMOTE_PORT ?? 3003) },
];

/** Federation name → workspace folder. */
export const REMOTE_WORKSPACES = Object.fromEntries(REMOTES.map((remote) => [remote.name, remote.dir]));

/** `REMOTE_URLS` for remotes served on the public host, each at its own port. */
export function remoteUrlsOnHost(publicUrl, remotes = REMOTES) {
  const host = new URL(publicUrl);
  return remotes
    .map((remote) => `${remote.name}=${host.protocol}//${host.hostname}:${remote.port}`)
    .join(',');
}

/** The host-contract version the shell of this checkout speaks (packages/host/src/contract.ts). */
export const HOST_CONTRACT = JSON.parse(
  readFileSync(join(root, 'packages/host/src/contract-version.json'), 'utf8'),
).hostContract;

export function releasesDir() {
  return process.env.REMOTES_DIR ? resolve(process.env.REMOTES_DIR) : join(root, 'remotes');
}

export const pointerFile = (dir = releasesDir()) => join(dir, 'remotes.json');

/** `{ reservations: "3f2a9c1b7e04" }`: the version served of each released remote. */
export function currentVersions(dir = releasesDir()) {
  const file = pointerFile(dir);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

export function releaseFolder(remote, version, dir = releasesDir()) {
  return join(dir, remote, version);
}
