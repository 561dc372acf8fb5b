/**
 * Reads the stats projection for a range of days and works out the figures with the domain's
 * `computeStats`. The single bookings never called off, most of a club's, are summed by PostgreSQL
 * per figure in one pass over their index (`StandingSingles`); the series that overlap the range
 * (few, one row each), the singles called off and the days called off come row by row, as their
 * hours depend on rules applied in the domain. Court blocks come from their own projection.
 */
import type { Knex } from 'knex';
import type { StatsKind } from '@platzbuchung/domain/stats/facts';
import {
  computeStats,
  type StandingSingles,
  type StatsClub,
  type StatsReport,
} from '@platzbuchung/domain/stats/figures';
import type { Db } from '../db/connect';
import { blocksBetween } from './blocks';
import { BOOKING_COLUMNS, CANCELLATION_COLUMNS, fromBookingRow, fromCancellationRow } from './stats';

interface Range {
  from: string;
  to: string;
}

/** What `isStandingSingle` says in the domain, as a condition on the table. */
const STANDING = 'club_id = :club AND NOT recurring AND cancelled_at IS NULL AND date BETWEEN :from AND :to';

/** One row per figure's group: which group (`grouped`) and its sums. */
interface SumRow {
  grouped: 'slot' | 'court' | 'kind' | 'member' | 'all';
  weekday: number | null;
  start_time: number | null;
  end_time: number | null;
  court_num: string | null;
  kind: StatsKind | null;
  user_id: string | null;
  count: number;
  hours: number;
  own_hours: number;
  guest_hours: number;
  fee_cents: number;
}

async function standingSingles(db: Db, clubId: string, range: Range): Promise<StandingSingles> {
  const params = { club: clubId, ...range };
  const [sums, co] = await Promise.all([
    db.raw<{ rows: SumRow[] }>(
      `SELECT CASE WHEN GROUPING(start_time) = 0 THEN 'slot' WHEN GROUPING(court_num) = 0 THEN 'court'
                   WHEN GROUPING(kind) = 0 THEN 'kind' WHEN GROUPING(user_id) = 0 THEN 'member' ELSE 'all' END AS grouped,
              extract(isodow FROM date)::int AS weekday, start_time, end_time, court_num, kind, user_id,
              count(*)::int AS count, sum(end_time - start_time)::int AS hours,
              coalesce(sum(end_time - start_time) FILTER (WHERE kind = 'member'), 0)::int AS own_hours,
              sum(guests * (end_time - start_time))::int AS guest_hours,
              sum(guest_fee_cents * (end_time - start_time))::int AS fee_cents
       FROM stats_bookings WHERE ${STANDING}
       GROUP BY GROUPING SETS ((extract(isodow FROM date), start_time, end_time), (court_num), (kind), (user_id), ())`,
      params,
    ),
    db.raw<{ rows: { user_id: string; hours: number }[] }>(
      `SELECT u AS user_id, sum(end_time - start_time)::int AS hours
       FROM stats_bookings CROSS JOIN LATERAL unnest(co_player_ids) AS u
       WHERE ${STANDING} GROUP BY u`,
      params,
    ),
  ]);
  const rows = (grouped: SumRow['grouped']) => sums.rows.filter((row) => row.grouped === grouped);
  const coHours = new Map(co.rows.map((row) => [row.user_id, row.hours]));
  const own = rows('member').filter((row) => row.own_hours > 0);
  const all = rows('all')[0];
  return {
    slots: rows('slot').map((row) => ({
      weekday: row.weekday!,
      start_time: row.start_time!,
      end_time: row.end_time!,
      count: row.count,
    })),
    courts: rows('court').map((row) => ({ court_num: row.court_num!, hours: row.hours })),
    kinds: rows('kind').map((row) => ({ kind: row.kind!, hours: row.hours })),
    members: [
      ...own.map((row) => ({
        user_id: row.user_id!,
        hours: row.own_hours,
        co_player_hours: coHours.get(row.user_id!) ?? 0,
      })),
      ...[...coHours]
        .filter(([id]) => !own.some((row) => row.user_id === id))
        .map(([user_id, hours]) => ({ user_id, hours: 0, co_player_hours: hours })),
    ],
    guests: { guest_hours: all?.guest_hours ?? 0, fee_cents: all?.fee_cents ?? 0 },
  };
}

/** Series overlapping the range, and singles in it that were called off. */
function otherBookings(db: Db, clubId: string, { from, to }: Range): Knex.QueryBuilder {
  return db('stats_bookings')
    .where({ club_id: clubId })
    .andWhere((q) =>
      q
        .where((single) =>
          single.where({ recurring: false }).whereBetween('date', [from, to]).whereNotNull('cancelled_at'),
        )
        .orWhere((series) =>
          series
            .where({ recurring: true })
            .andWhere('date', '<=', to)
            .andWhere((end) => end.whereNull('end_date').orWhere('end_date', '>', from)),
        ),
    )
    .select(BOOKING_COLUMNS);
}

export async function readStats(db: Db, clubId: string, club: StatsClub, range: Range): Promise<StatsReport> {
  const [standing, others, cancellations, blocks] = await Promise.all([
    standingSingles(db, clubId, range),
    otherBookings(db, clubId, range),
    db('stats_cancellations')
      .where({ club_id: clubId })
      .whereBetween('date', [range.from, range.to])
      .select(CANCELLATION_COLUMNS),
    blocksBetween(db, clubId, range.from, range.to),
  ]);
  return computeStats({
    club,
    ...range,
    standing,
    bookings: others.map(fromBookingRow),
    cancellations: cancellations.map(fromCancellationRow),
    blocks,
  });
}
