/**
 * CPU time of the processes on this machine that a load keeps busy besides the API: the bench's
 * own (the load generator) and PostgreSQL's. On two shared cores, what one of them spends per
 * request the others cannot, so a rate is read next to all three.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User and system time of each PostgreSQL process on this machine so far, in ms, by process id. */
type PostgresTimes = ReadonlyMap<string, number>;

/**
 * Each PostgreSQL process's CPU time so far: undefined where none can be seen (a database on
 * another host, or no /proc).
 */
export function postgresTimes(): PostgresTimes | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const times = new Map<string, number>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.includes(' (postgres) ')) continue;
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
  }
  return times.size ? times : undefined;
}

/**
 * PostgreSQL's CPU time between two readings, in ms. Counted per process: one that ended in
 * between (an idle connection closed by its pool, an autovacuum worker) took its time with it,
 * and a plain difference of sums would subtract all it had spent before; a new one counts whole.
 */
export function postgresCpuBetween(before: PostgresTimes, after: PostgresTimes): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The bench process's own user and system time so far, in milliseconds. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
