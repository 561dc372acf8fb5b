/**
 * A member's own data export ("Meine Daten", `GET /api/account/export`) in the busy club (two years
 * of history): a player holding about 290 of its bookings and the admin who made its 300 series,
 * one request at a time, next to the HTTP floor measured in the same minutes (`verifyAuth`, the
 * same session lookup and nothing else), in alternating rounds.
 */
import type { Knex } from 'knex';
import type { ApiProcess } from './support/api-process';
import { login } from './support/api-process';
import { KeptAliveClient } from './support/http-client';
import type { Figure } from './support/report';
import { median, percentile, round } from './support/stats';
import { BENCH_PASSWORD } from './support/seed';
import { timedRequests } from './stats';

interface ExportTarget {
  api: ApiProcess;
  db: Knex;
  clubId: string;
  adminEmail: string;
}

/** Requests per member and run: with three runs, enough for a p95. */
const REQUESTS = 10;
/** The first answers compile the route's code and fill PostgreSQL's buffers. */
const WARM_UP = 3;

export async function measureAccountExport(target: ExportTarget, runs: number): Promise<Figure[]> {
  const client = new KeptAliveClient(1);
  const url = `${target.api.url}/api/account/export`;
  const playerEmail = `p1-${target.clubId}@bench.invalid`;
  const player: { id: string } = await target.db('users').where({ email: playerEmail }).first('id');
  const [{ n: playerBookings }] = (
    await target.db.raw(
      "SELECT count(*)::int AS n FROM events WHERE club_id = ? AND type = 'ReservationMade' AND data->>'user_id' = ?",
      [target.clubId, player.id],
    )
  ).rows;
  const members = [
    {
      name: `a player (${playerBookings} bookings)`,
      cookie: await login(target.api.url, playerEmail, BENCH_PASSWORD),
    },
    {
      name: 'the admin (300 series)',
      cookie: await login(target.api.url, target.adminEmail, BENCH_PASSWORD),
    },
  ];
  for (const member of members) await timedRequests(client, url, member.cookie, WARM_UP);
  const floor: number[] = [];
  const measured = new Map<string, number[]>(members.map((m) => [m.name, []]));
  for (let run = 0; run < runs; run++) {
    floor.push(
      ...(await timedRequests(client, `${target.api.url}/api/verifyAuth`, members[0]!.cookie, REQUESTS)),
    );
    for (const member of members) {
      measured.get(member.name)!.push(...(await timedRequests(client, url, member.cookie, REQUESTS)));
    }
  }
  const floorMedian = round(median(floor), 2);
  return members.flatMap((member) => {
    const times = measured.get(member.name)!;
    return [
      {
        section: 'export',
        name: `GET /api/account/export, ${member.name}: median`,
        value: round(median(times), 1),
        unit: 'ms',
        baseline: floorMedian,
        baselineName: 'verifyAuth',
      },
      {
        section: 'export',
        name: `GET /api/account/export, ${member.name}: p95`,
        value: round(percentile(times, 95), 1),
        unit: 'ms',
      },
    ];
  });
}
