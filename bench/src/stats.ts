/**
 * The club's numbers: `GET /api/admin/stats` for the busy club (two years of history) over four
 * weeks (the screen's default), one year and two years, one request at a time, next to the HTTP
 * floor measured in the same minutes (`verifyAuth`, the same session lookup and nothing else);
 * and how long the stats projection takes to rebuild from the log.
 */
import type { Knex } from 'knex';
import { addDays } from '@platzbuchung/domain/dates';
import { rebuildProjections } from '@platzbuchung/api/projections/registry';
import type { ApiProcess } from './support/api-process';
import { KeptAliveClient } from './support/http-client';
import type { Figure } from './support/report';
import { median, percentile, round } from './support/stats';

interface StatsTarget {
  api: ApiProcess;
  clubId: string;
  cookie: string;
  today: string;
}

/** Requests per figure and run: with three runs, enough for a p95. */
const REQUESTS = 20;
/** The first answers compile the route's code and fill PostgreSQL's buffers. */
const WARM_UP = 5;

export async function timedRequests(
  client: KeptAliveClient,
  url: string,
  cookie: string,
  count = REQUESTS,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const answer = await client.request(url, { headers: { Cookie: cookie } });
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.text()}`);
    answer.text();
    times.push(performance.now() - started);
  }
  return times;
}

export async function measureStatsRebuild(db: Knex, runs: number): Promise<Figure[]> {
  const [{ n: events }] = (
    await db.raw("SELECT count(*)::int AS n FROM events WHERE stream_type = 'reservation'")
  ).rows;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await rebuildProjections(db, ['stats']);
    times.push(performance.now() - started);
  }
  return [
    {
      section: 'stats',
      name: `rebuild of the stats projection (${events} events)`,
      value: round(median(times), 0),
      unit: 'ms',
    },
  ];
}

export async function measureStats(target: StatsTarget, runs: number): Promise<Figure[]> {
  const client = new KeptAliveClient(1);
  const base = `${target.api.url}/api/admin/stats?club_id=${target.clubId}`;
  const ranges = [
    { name: 'four weeks (default)', query: '' },
    { name: 'one year', query: `&from=${addDays(target.today, -364)}&to=${target.today}` },
    { name: 'two years', query: `&from=${addDays(target.today, -729)}&to=${target.today}` },
  ];
  for (const range of ranges) await timedRequests(client, base + range.query, target.cookie, WARM_UP);
  const floor: number[] = [];
  const measured = new Map<string, number[]>(ranges.map((r) => [r.name, []]));
  for (let run = 0; run < runs; run++) {
    // Alternating, so the machine's noise falls on the floor and the figures alike.
    floor.push(...(await timedRequests(client, `${target.api.url}/api/verifyAuth`, target.cookie)));
    for (const range of ranges) {
      measured.get(range.name)!.push(...(await timedRequests(client, base + range.query, target.cookie)));
    }
  }
  const floorMedian = round(median(floor), 2);
  return ranges.flatMap((range) => {
    const times = measured.get(range.name)!;
    return [
      {
        section: 'stats',
        name: `GET /api/admin/stats, ${range.name}: median`,
        value: round(median(times), 1),
        unit: 'ms',
        baseline: floorMedian,
        baselineName: 'verifyAuth',
        target: range.name === 'four weeks (default)' ? '≤ 100 ms' : undefined,
      },
      {
        section: 'stats',
        name: `GET /api/admin/stats, ${range.name}: p95`,
        value: round(percentile(times, 95), 1),
        unit: 'ms',
      },
    ];
  });
}
