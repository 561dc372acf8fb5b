import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  cpuMs(): number;
  /** Resident memory and JS heap (with external buffers) in MiB, right after a full collection. */
  memoryMiB(): Promise<{ rss: number; heap: number }>;
  stop(): Promise<void>;
}

/** Linux counts a process's CPU time in clock ticks of 10 ms (`getconf CLK_TCK` is 100). */
const MS_PER_TICK = 10;

/** CPU time of a process so far (utime + stime of /proc/<pid>/stat), in milliseconds. */
function cpuMsOf(pid: number): number {
  // The command name may hold spaces; the fields after its closing parenthesis do not.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** The API in its own process, so the load generator does not share its event loop. */
export async function startApiProcess(databaseUrl: string, port: number): Promise<ApiProcess> {
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
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench API exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    cpuMs: () => cpuMsOf(child.pid!),
    memoryMiB: () =>
      new Promise((resolve) => {
        child.once('message', (answer) => {
          const { rss, heap } = answer as { rss: number; heap: number };
          resolve({ rss: rss / 1024 / 1024, heap: heap / 1024 / 1024 });
        });
        child.send('memory');
      }),
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
export async function checkSession(url: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${url}/api/verifyAuth`, { headers: { cookie } });
  await response.text();
  return response.ok;
}
