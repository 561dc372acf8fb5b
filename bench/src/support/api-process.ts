import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { KeptAliveClient } from './http-client';
import type { TimingSummary } from './timings';

const SERVER = fileURLToPath(new URL('../api-server.ts', import.meta.url));

/** Peak resident memory of a process so far (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

export interface ApiProcess {
  url: string;
  pid: number;
  /** CPU time the process has used so far (user and system), in milliseconds. */
  cpuMs(): Promise<number>;
  /**
   * Resolves once the process has been idle for a moment (its timers and pollers aside): a load
   * measured right after another round would otherwise be charged the work that round left behind.
   */
  settled(): Promise<void>;
  /** Where requests' time went since the last call (the process runs with BENCH_TIMINGS=1). */
  timings(): Promise<TimingSummary>;
  /** Resident memory and JS heap (with external buffers) in MiB, right after a full collection. */
  memoryMiB(): Promise<{ rss: number; heap: number }>;
  stop(): Promise<void>;
}

/** The next answer of the child whose message has `key`; answers to other questions pass by. */
function answer<T extends object>(child: ChildProcess, question: string, key: keyof T): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !(key in message)) return;
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
    child.send(question);
  });
}

/** Idle: under 5 % of one core over a quarter of a second, twice in a row (10 s at most). */
const IDLE_WINDOW_MS = 250;
const IDLE_SHARE = 0.05;

async function settled(cpuMs: () => Promise<number>): Promise<void> {
  let quietWindows = 0;
  const giveUp = performance.now() + 10_000;
  while (quietWindows < 2 && performance.now() < giveUp) {
    const before = await cpuMs();
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
    quietWindows = (await cpuMs()) - before < IDLE_WINDOW_MS * IDLE_SHARE ? quietWindows + 1 : 0;
  }
}

/** The API in its own process, so the load generator does not share its event loop. */
export async function startApiProcess(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const child: ChildProcess = fork(SERVER, [], {
    // BENCH_API_ARGS adds Node flags to the API process only, e.g. `--cpu-prof --cpu-prof-dir=prof`.
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_API_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench API exited with ${code}`)));
  });
  const cpuMs = async () => (await answer<{ cpuMicros: number }>(child, 'cpu', 'cpuMicros')).cpuMicros / 1000;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    cpuMs,
    settled: () => settled(cpuMs),
    timings: async () => (await answer<{ timings: TimingSummary }>(child, 'timings', 'timings')).timings,
    memoryMiB: async () => {
      const { rss, heap } = await answer<{ rss: number; heap: number }>(child, 'memory', 'rss');
      return { rss: rss / 1024 / 1024, heap: heap / 1024 / 1024 };
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function login(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A logged-in member asking only who they are (`verifyAuth`): the session and member lookup every
 * request of theirs makes, and the HTTP work around it. The benches' floor for a booking.
 */
export async function checkSession(http: KeptAliveClient, url: string, cookie: string): Promise<boolean> {
  const answer = await http.request(`${url}/api/verifyAuth`, { headers: { cookie } });
  return answer.status === 200;
}
