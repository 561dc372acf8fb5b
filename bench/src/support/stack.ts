/**
 * The product as `npm start` serves it, for the benchmarks that look at it through a browser.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether nothing listens on `port`, on any address (as the API binds). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => server.close(() => resolve(true)));
  });
}

/** A port the system has free now, for one API process. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A base port that is free with the next three: the stack takes four (the API and the remotes). */
export async function freeStackPort(): Promise<number> {
  for (;;) {
    const base = 42000 + Math.floor(Math.random() * 1000) * 4;
    const free = await Promise.all([0, 1, 2, 3].map((offset) => isFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** As the e2e tests start it: headless, and quiet on a machine without outside network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The whole product as `npm start` runs it, on four ports from `port` on, against `databaseUrl`. */
export async function startStack(databaseUrl: string, port: number) {
  const mailDir = await mkdtemp(path.join(tmpdir(), 'pb-bench-mail-'));
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      AUTH_REMOTE_PORT: String(port + 1),
      RESERVATIONS_REMOTE_PORT: String(port + 2),
      ADMIN_REMOTE_PORT: String(port + 3),
      MAIL_DIR: mailDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Platzbuchung läuft')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
  return {
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
