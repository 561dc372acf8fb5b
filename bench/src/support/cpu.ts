/**
 * CPU time of the processes on this machine that a load keeps busy besides the API: the bench's
 * own (the load generator) and PostgreSQL's. On two shared cores, what one of them spends per
 * request the others cannot, so a rate is read next to all three.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * User and system time of every PostgreSQL process on this machine so far, in milliseconds:
 * undefined where none can be seen (a database on another host, or no /proc). Backends that end
 * during a load take their time with them; the benches' pools keep theirs open.
 */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  let seen = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
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
    total += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    seen = true;
  }
  return seen ? total : undefined;
}

/** The bench process's own user and system time so far, in milliseconds. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
