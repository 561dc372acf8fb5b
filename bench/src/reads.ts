/**
 * Reads: one week of a busy club's grid, `GET /api/reservations?from&to`, at 1, 10 and 50
 * connections, next to a route in the same process answering the same JSON from memory; and at a
 * fixed rate (an open loop) of 70 % of what the memory route carried at 50 connections.
 */
import autocannon from 'autocannon';
import { addDays, weekdayOf } from '@platzbuchung/domain/dates';
import type { ApiProcess } from './support/api-process';
import { peakRssMiB } from './support/api-process';
import { openLoop, type OpenLoopFigures } from './support/open-loop';
import type { Figure } from './support/report';
import { median, round } from './support/stats';

interface ReadTarget {
  api: ApiProcess;
  clubId: string;
  cookie: string;
  today: string;
}

const CONNECTIONS = [1, 10, 50] as const;

function weekOf(today: string): { from: string; to: string } {
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * How the reads ask: without compression (the bytes as the API writes them), and as a browser asks,
 * taking gzip (a browser also takes Brotli; the kept lists are gzip, and so is the memory route).
 */
const ASKING = [
  { label: '', headers: {} },
  { label: ', gzip as a browser asks', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
] as const;

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function medianLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  runs: number,
  seconds: number,
) {
  const results: LoadFigures[] = [];
  for (let run = 0; run < runs; run++) results.push(await load(url, headers, connections, seconds));
  return {
    rps: round(median(results.map((r) => r.rps))),
    p50: round(median(results.map((r) => r.p50))),
    p99: round(median(results.map((r) => r.p99))),
  };
}

/** The open loop's rate, as a share of the memory route's requests/s at 50 connections in the same run. */
const OPEN_LOOP_SHARE = 0.7;

async function medianOpenLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  runs: number,
  seconds: number,
) {
  const results: OpenLoopFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await openLoop(url, headers, rate, seconds);
    if (result.failed) throw new Error(`${url}: ${result.failed} requests failed in the open loop`);
    results.push(result);
  }
  const of = (key: keyof OpenLoopFigures) => round(median(results.map((r) => r[key])));
  return { rps: of('rps'), p50: of('p50'), p99: of('p99'), max: of('max'), lateMs: of('lateMs') };
}

/**
 * The real route and the memory route, one after the other, each at the same fixed rate: the
 * p99 a visitor sees when the machine is busy but not overrun, which a closed loop at its maximum
 * cannot show (its p99 is the queue it builds itself).
 */
async function openLoopFigures(
  target: ReadTarget,
  path: string,
  asked: Record<string, string>,
  memoryRps: number,
  options: { section: string; runs: number; seconds: number },
  label: string,
): Promise<Figure[]> {
  const rate = Math.round(memoryRps * OPEN_LOOP_SHARE);
  const real = await medianOpenLoop(target.api.url + path, asked, rate, options.runs, options.seconds);
  const base = await medianOpenLoop(
    `${target.api.url}/bench/baseline`,
    asked,
    rate,
    options.runs,
    options.seconds,
  );
  const name = `open loop at ${rate} req/s (${OPEN_LOOP_SHARE * 100} % of the memory route at 50 conn)${label}`;
  const section = options.section;
  return [
    { section, name: `${name}: answered/s`, value: real.rps, unit: 'req/s', baseline: base.rps },
    { section, name: `${name}: p50`, value: real.p50, unit: 'ms', baseline: base.p50 },
    { section, name: `${name}: p99`, value: real.p99, unit: 'ms', baseline: base.p99, target: '≤ 20 ms' },
    { section, name: `${name}: slowest`, value: real.max, unit: 'ms', baseline: base.max },
    // Above a few ms the load generator, not the API, was late: its figures then say less.
    {
      section,
      name: `${name}: the clock behind at worst`,
      value: real.lateMs,
      unit: 'ms',
      baseline: base.lateMs,
    },
  ];
}

async function weekPath(target: ReadTarget): Promise<string> {
  const { from, to } = weekOf(target.today);
  return `/api/reservations?club_id=${target.clubId}&from=${from}&to=${to}`;
}

export async function measureReads(
  target: ReadTarget,
  options: { section: string; runs: number; seconds: number; connections?: readonly number[] },
): Promise<Figure[]> {
  const path = await weekPath(target);
  const probe = await fetch(target.api.url + path, { headers: { cookie: target.cookie } });
  const week = (await probe.json()) as unknown[];
  await fetch(`${target.api.url}/bench/baseline`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, cookie: target.cookie }),
  });
  const plain = { cookie: target.cookie };
  // Warm both paths (JIT, pool, caches) before anything is measured.
  for (const { headers } of ASKING) {
    await load(target.api.url + path, { ...plain, ...headers }, 10, 2);
    await load(`${target.api.url}/bench/baseline`, { ...plain, ...headers }, 10, 2);
  }

  const figures: Figure[] = [];
  const openLoops: Figure[] = [];
  for (const connections of options.connections ?? CONNECTIONS) {
    for (const { label, headers } of ASKING) {
      const asked = { ...plain, ...headers };
      const real = await medianLoad(target.api.url + path, asked, connections, options.runs, options.seconds);
      const base = await medianLoad(
        `${target.api.url}/bench/baseline`,
        asked,
        connections,
        options.runs,
        options.seconds,
      );
      const name = `${connections} conn${label}`;
      figures.push(
        {
          section: options.section,
          name: `${name}: requests/s`,
          value: real.rps,
          unit: 'req/s',
          baseline: base.rps,
          baselineName: 'from memory',
          target: connections === 50 ? '≥ 0.9' : undefined,
        },
        { section: options.section, name: `${name}: p50`, value: real.p50, unit: 'ms', baseline: base.p50 },
        {
          section: options.section,
          name: `${name}: p99`,
          value: real.p99,
          unit: 'ms',
          baseline: base.p99,
          target: connections === 50 ? '≤ 40 ms' : undefined,
        },
      );
      if (connections === 50)
        openLoops.push(...(await openLoopFigures(target, path, asked, base.rps, options, label)));
    }
  }
  figures.push(...openLoops);
  figures.push({
    section: options.section,
    name: 'reservations in the week answer',
    value: week.length,
    unit: 'rows',
  });
  figures.push({
    section: options.section,
    name: 'API peak RSS during the load',
    value: peakRssMiB(target.api.pid),
    unit: 'MiB',
  });
  return figures;
}
