/**
 * What the national part measures on one database, each a function of a prepared `Site` (an API
 * process on it, the busy club's admin logged in, the clubs that book): the same probes run on the
 * database of 60,000 events and on the national one, one right after the other.
 */
import autocannon from 'autocannon';
import { addDays, weekdayOf } from '@platzbuchung/domain/dates';
import { readCommitted, type LogCursor } from '@platzbuchung/api/events/reader';
import { rebuildProjections } from '@platzbuchung/api/projections/registry';
import type { Db } from '@platzbuchung/api/db/connect';
import type { ApiProcess } from '../support/api-process';
import { KeptAliveClient } from '../support/http-client';
import { percentile } from '../support/stats';

export interface Site {
  label: string;
  api: ApiProcess;
  db: Db;
  busyClubId: string;
  adminCookie: string;
  /** The day the busy club's week is read around (its history ends two weeks after it). */
  readDay: string;
  calendarPath: string;
  /** Clubs that book, each with its admin's session. */
  bookers: { clubId: string; cookie: string }[];
  /** The first day the bookers' clubs have no booking on yet; moved on after each load. */
  nextFreeDay: string;
}

export interface Measured {
  perSecond: number;
  p99: number;
}

function weekPath(site: Site): string {
  const monday = addDays(site.readDay, -((weekdayOf(site.readDay) + 6) % 7));
  return `/api/reservations?club_id=${site.busyClubId}&from=${monday}&to=${addDays(monday, 6)}`;
}

/** autocannon at `connections` for `seconds`: requests/s and p99. Any non-2xx answer is an error. */
async function hammer(site: Site, path: string, connections: number, seconds: number, cookie = true) {
  const result = await autocannon({
    url: site.api.url + path,
    connections,
    duration: seconds,
    headers: { 'Accept-Encoding': 'gzip, deflate, br', ...(cookie ? { cookie: site.adminCookie } : {}) },
  });
  if (result.non2xx || result.errors)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { perSecond: result.requests.average, p99: result.latency.p99 };
}

export const weekRead = (site: Site, seconds: number) => hammer(site, weekPath(site), 10, seconds);

export const adminLog = (site: Site, seconds: number) =>
  hammer(site, `/api/events?club_id=${site.busyClubId}`, 10, seconds);

/**
 * "Stand am" of the read day, now: a fold of the busy club's whole history. Timed one request after
 * another (`seconds` of them, at least 3): on a loaded machine one fold can outlast a load window.
 */
export async function asOf(site: Site, seconds: number): Promise<Measured> {
  const path = `/api/admin/as-of?club_id=${site.busyClubId}&at=${encodeURIComponent(new Date().toISOString())}&date=${site.readDay}`;
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (times.length < 3 || performance.now() < until) {
    const t0 = performance.now();
    const answer = await fetch(site.api.url + path, { headers: { cookie: site.adminCookie } });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    times.push(performance.now() - t0);
  }
  return {
    perSecond: times.length / (times.reduce((sum, t) => sum + t, 0) / 1000),
    p99: percentile(times, 99),
  };
}

export const calendarFeed = (site: Site, seconds: number) =>
  hammer(site, site.calendarPath, 10, seconds, false);

const CLIENTS = 50;
const PER_CLIENT = 40;

/**
 * Bookings across every booking club: 50 clients at once, each booking 40 times one after another,
 * each time in the next of its clubs (client c books in clubs c, c + 50, c + 100, …), on slots of
 * days nobody has booked yet. Answers other than 201 are counted and fail the run.
 */
export async function bookings(site: Site): Promise<Measured> {
  const http = new KeptAliveClient(CLIENTS);
  const latencies: number[] = [];
  let refused = 0;
  const day = site.nextFreeDay;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let k = 0; k < PER_CLIENT; k++) {
          const booker = site.bookers[(c + k * CLIENTS) % site.bookers.length]!;
          // A club's bookings of a run come from four different k (client c + 50k meets it once in
          // ten k), so k alone gives each its own slot: afternoon hours on three courts, which every
          // club has and no weekly series holds, 30 a day. A run takes two days, not one per 30
          // bookings of all clubs, so a kept database lasts hundreds of runs before its clubs'
          // future reaches the last bookable day.
          const body = {
            club_id: booker.clubId,
            court_num: String((k % 3) + 1),
            start_time: 12 + (Math.floor(k / 3) % 10),
            end_time: 13 + (Math.floor(k / 3) % 10),
            date: addDays(day, Math.floor(k / 30)),
          };
          const t0 = performance.now();
          const answer = await http.request(`${site.api.url}/api/reservations`, {
            method: 'POST',
            headers: { cookie: booker.cookie },
            json: body,
          });
          latencies.push(performance.now() - t0);
          if (answer.status !== 201) refused++;
        }
      }),
    );
  } finally {
    http.close();
  }
  const seconds = (performance.now() - started) / 1000;
  site.nextFreeDay = addDays(day, Math.ceil(PER_CLIENT / 30) + 1);
  if (refused) throw new Error(`${site.label}: ${refused} bookings refused on free slots`);
  return { perSecond: latencies.length / seconds, p99: percentile(latencies, 99) };
}

/** A rebuild of the reservations read model over a healthy one: events of the log per second. */
export async function rebuild(site: Site): Promise<Measured> {
  const [{ n }] = (await site.db.raw('SELECT max(position)::bigint AS n FROM events')).rows;
  const started = performance.now();
  await rebuildProjections(site.db, ['reservations']);
  const ms = performance.now() - started;
  return { perSecond: Number(n) / (ms / 1000), p99: ms };
}

/** How many events `events follow` catches up on in each measurement. */
export const FOLLOW_EVENTS = 50_000;

/**
 * `events follow` catching up: the CLI's reads (pages of 500 in the settled log's order) from a
 * cursor FOLLOW_EVENTS events behind the end, until it reaches the end.
 */
export async function followCatchUp(site: Site): Promise<Measured> {
  // Qualified in ORDER BY: the bare name would sort by the text alias, '989' after '2781'.
  const { rows } = await site.db.raw(
    `SELECT transaction_id::text AS transaction_id, position FROM events
     ORDER BY events.transaction_id DESC, events.position DESC OFFSET ? LIMIT 1`,
    [FOLLOW_EVENTS],
  );
  let cursor: LogCursor = rows[0]
    ? { transaction_id: rows[0].transaction_id, position: Number(rows[0].position) }
    : { transaction_id: '0', position: 0 };
  let read = 0;
  const pages: number[] = [];
  const started = performance.now();
  for (;;) {
    const t0 = performance.now();
    const page = await readCommitted(site.db, cursor, 500);
    pages.push(performance.now() - t0);
    if (!page.events.length) break;
    read += page.events.length;
    cursor = page.cursor;
  }
  return { perSecond: read / ((performance.now() - started) / 1000), p99: percentile(pages, 99) };
}
