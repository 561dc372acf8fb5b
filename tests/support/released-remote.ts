/**
 * A reservations remote served from releases, as an operator runs it: the releases go to a folder of
 * the test (REMOTES_DIR), served by the product's remote server in release mode behind a second API
 * whose remotes.json points the reservations remote at it; `npm run release` and `npm run switch`
 * are run as an operator runs them.
 */
import { spawn } from 'node:child_process';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import { freePorts, REPO_ROOT, runTsx, waitForOk } from './processes';
import { e2eStack } from './stack';

/** Runs a node script and resolves with what it printed; rejects when it exits otherwise than 0. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = {}, cwd = REPO_ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed:\n${output}`)),
    );
  });
}

export interface ReleasedReservations {
  /** Where the second API serves the shell, with the reservations remote from the releases. */
  appUrl: string;
  /** `npm run release` or `npm run switch` with these arguments; resolves with what it printed. */
  operator(script: 'release' | 'switch', args: string[]): Promise<string>;
  /** Releases a built folder of the reservations remote; resolves with its version. */
  release(from: string): Promise<string>;
  stop(): Promise<void>;
}

export async function serveReleasedReservations(releases: string): Promise<ReleasedReservations> {
  const stack = e2eStack();
  const [apiPort, remotePort] = (await freePorts(2)) as [number, number];
  const remoteServer = runTsx([
    'scripts/serve-remote.ts',
    '--releases',
    releases,
    '--remote',
    'reservations',
    '--port',
    String(remotePort),
  ]);
  const { remotes } = (await (await fetch(`${stack.baseUrl}/remotes.json`)).json()) as RemotesConfig;
  const remoteUrls = Object.entries({ ...remotes, reservations: `http://localhost:${remotePort}` })
    .map(([name, url]) => `${name}=${url}`)
    .join(',');
  const appUrl = `http://localhost:${apiPort}`;
  const api = runTsx(['services/api/src/main.ts'], {
    DATABASE_URL: stack.databaseUrl,
    PORT: String(apiPort),
    PUBLIC_URL: appUrl,
    REMOTE_URLS: remoteUrls,
    MAIL_DIR: stack.mailDir,
    MAIL_QUEUE: stack.mailQueue,
    LOG_LEVEL: 'warn',
  });
  await waitForOk(`http://127.0.0.1:${apiPort}/healthz`, api);
  const operator = (script: 'release' | 'switch', args: string[]) =>
    runNode([`scripts/${script}.mjs`, ...args], { REMOTES_DIR: releases });
  return {
    appUrl,
    operator,
    async release(from) {
      const output = await operator('release', ['reservations', '--from', from]);
      const version = /npm run switch -- reservations ([0-9a-f]{12})/.exec(output)?.[1];
      if (!version) throw new Error(`no version in:\n${output}`);
      return version;
    },
    async stop() {
      await remoteServer.stop();
      await api.stop();
    },
  };
}
