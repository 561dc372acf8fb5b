/**
 * Processes and ports for the end-to-end tests: free ports, a lock shared by concurrent runs on one
 * checkout, and extra product processes a test starts itself (a second API, a remote server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ports nobody listens on right now (held open together, so they differ from each other). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port assigned');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while holding `var/locks/<name>.lock`. A lock left by a process that died is taken
 * over. Used around what writes shared folders of the checkout (UI builds, swapping mfe-auth/dist).
 */
export async function withRepoLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = path.join(REPO_ROOT, 'var', 'locks');
  const file = path.join(dir, `${name}.lock`);
  await mkdir(dir, { recursive: true });
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(file, 'utf8').catch(() => ''));
      if (holder && !processAlive(holder)) await rm(file, { force: true });
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    await rm(file, { force: true });
  }
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** SIGTERM, then waits until it has exited. */
  stop(): Promise<void>;
}

/** Starts `tsx <args>` from the repository root with extra environment variables. */
export function runTsx(args: string[], env: NodeJS.ProcessEnv = {}): RunningProcess {
  const child = spawn(TSX, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `url` until it answers 2xx; fails early when `process` exits. */
export async function waitForOk(url: string, running?: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running && running.child.exitCode !== null) {
      throw new Error(`process exited before ${url} answered:\n${running.output()}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer in time${running ? `:\n${running.output()}` : ''}`);
}

/** A remote's built folder served by the product's own scripts/serve-remote.ts on `port`. */
export async function serveRemote(dir: string, port: number): Promise<RunningProcess> {
  const running = runTsx(['scripts/serve-remote.ts', '--dir', dir, '--port', String(port)]);
  await waitForOk(`http://127.0.0.1:${port}/mf-manifest.json`, running);
  return running;
}
