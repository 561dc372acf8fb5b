import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  readonly url: string;
  /** Starts the server (again), on the same port, empty: it keeps nothing on disk. */
  start(): Promise<void>;
  /** Stops it the hard way, like a crash or a lost network. */
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free port, so the test may stop it without touching the
 * shared one. Nothing is saved: a restart comes back empty, the worst case for a queue.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      const deadline = Date.now() + 10_000;
      for (;;) {
        const probe = new Redis(url, {
          lazyConnect: true,
          retryStrategy: () => null,
          maxRetriesPerRequest: 0,
        });
        probe.on('error', () => {});
        const up = await probe
          .connect()
          .then(() => probe.ping())
          .then(
            () => true,
            () => false,
          );
        probe.disconnect();
        if (up) return;
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
