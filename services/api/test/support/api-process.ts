import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nothing listens on now, for a process the test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A second API as its own OS process (`main.ts`), on its own port, against the same database. */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child: ChildProcess = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, [`${API_ROOT}src/main.ts`], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Still starting.
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('API process did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    /**
     * Dies at once, as a crashed process does: nothing of its own clean-up runs. tsx runs the API
     * in a child process of its own, which is killed first (by its id), then tsx.
     */
    crash: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        const api = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' });
        for (const pid of api.split('\n').map(Number).filter(Boolean)) process.kill(pid, 'SIGKILL');
        child.kill('SIGKILL');
      }),
  };
}
