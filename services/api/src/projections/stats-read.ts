/**
 * Reads the stats projection for a range of days and works out the figures with the domain's
 * `computeStats`: the single bookings of the range through their index, the series that overlap it
 * (few, one row each), the days called off in it, and the court blocks that touch it.
 */
import { computeStats, type StatsClub, type StatsReport } from '@platzbuchung/domain/stats/figures';
import type { Db } from '../db/connect';
import { blocksBetween } from './blocks';
import { BOOKING_COLUMNS, CANCELLATION_COLUMNS, fromBookingRow, fromCancellationRow } from './stats';

export async function readStats(
  db: Db,
  clubId: string,
  club: StatsClub,
  range: { from: string; to: string },
): Promise<StatsReport> {
  const { from, to } = range;
  const [singles, series, cancellations, blocks] = await Promise.all([
    db('stats_bookings')
      .where({ club_id: clubId, recurring: false })
      .whereBetween('date', [from, to])
      .select(BOOKING_COLUMNS),
    db('stats_bookings')
      .where({ club_id: clubId, recurring: true })
      .andWhere('date', '<=', to)
      .andWhere((q) => q.whereNull('end_date').orWhere('end_date', '>', from))
      .select(BOOKING_COLUMNS),
    db('stats_cancellations')
      .where({ club_id: clubId })
      .whereBetween('date', [from, to])
      .select(CANCELLATION_COLUMNS),
    blocksBetween(db, clubId, from, to),
  ]);
  return computeStats({
    club,
    from,
    to,
    bookings: [...singles, ...series].map(fromBookingRow),
    cancellations: cancellations.map(fromCancellationRow),
    blocks,
  });
}
