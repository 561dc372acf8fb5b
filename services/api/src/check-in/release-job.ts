/**
 * The release of hours nobody checked in for (docs/check-in.md, "The release"). One API process
 * of the deployment runs it at a time (an advisory lock of its own, ../events/leader); every few
 * seconds it looks for dates whose moment of release has come and releases each through the
 * booking's own command. The command decides under the club's lock and refuses a date released or
 * checked in already, so a tick that overlaps another, or a second leader for a moment, releases
 * nothing twice.
 */
import type { Logger } from 'pino';
import { isReleasable } from '@platzbuchung/domain/check-in/check-in';
import { bookedOnTheSpot, hasEnded, isReleaseDue } from '@platzbuchung/domain/check-in/window';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import { SYSTEM_ACTOR } from '@platzbuchung/domain/decider';
import { occursOn } from '@platzbuchung/domain/recurrence';
import type { IsoDate } from '@platzbuchung/domain/types';
import { findClub } from '../accounts/users-store';
import { releaseOccurrenceCommand } from '../commands/check-in';
import { handleCommand } from '../commands/handle';
import type { Db } from '../db/connect';
import { startAsLeader, type SubscriptionsLeader } from '../events/leader';
import { newId } from '../ids';
import { bookingsAround, checkedInDates, checkInSettingsOf } from './reads';

/** The advisory lock's key: any fixed number the app uses for nothing else. */
const RELEASE_LOCK = 7_318_022;

/** The clubs that ask for check-in. */
async function clubsWithCheckIn(db: Db): Promise<string[]> {
  return db('clubs').whereRaw(`(play_rules->'check_in'->>'required')::boolean`).pluck('id');
}

/** When each booking was made: its stream's first event. */
async function bookedAtOf(db: Db, ids: readonly string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows: { stream_id: string; occurred_at: Date }[] = await db('events')
    .where({ stream_type: 'reservation', type: 'ReservationMade' })
    .whereIn('stream_id', ids)
    .select('stream_id', 'occurred_at');
  return new Map(rows.map((row) => [row.stream_id, new Date(row.occurred_at)]));
}

/** One club's dates due for release at `at`: yesterday's too, for an hour around midnight. */
async function releaseInClub(db: Db, clubId: string, at: Date): Promise<number> {
  const club = await findClub(db, clubId);
  if (!club) return 0;
  const settings = await checkInSettingsOf(db, clubId);
  const today = clubNow(club.time_zone, at).date;
  const days: IsoDate[] = [addDays(today, -1), today];
  const checked = new Set(
    (await checkedInDates(db, clubId, today)).map((c) => `${c.reservation_id} ${c.date}`),
  );
  const bookings = (await bookingsAround(db, clubId, days[0]!, today)).filter(isReleasable);
  const { time_zone } = club;
  const due = bookings.flatMap((booking) =>
    days
      .filter((date) => occursOn(booking, date) && !checked.has(`${booking._id} ${date}`))
      .filter((date) => isReleaseDue(time_zone, date, booking.start_time, settings, at))
      .filter((date) => !hasEnded(time_zone, date, booking.end_time, at))
      .map((date) => ({ booking, date })),
  );
  // When the due ones were booked: the log is read only on a tick that has something due.
  const madeAt = await bookedAtOf(db, [...new Set(due.map(({ booking }) => booking._id))]);
  let released = 0;
  for (const { booking, date } of due) {
    // The command would refuse it too; asked here, it is not asked again every tick.
    const made = madeAt.get(booking._id);
    if (made && bookedOnTheSpot(time_zone, date, booking.start_time, settings, made)) continue;
    const command = {
      type: 'ReleaseOccurrence' as const,
      reservation_id: booking._id,
      date,
      no_show_id: newId(),
      actor: SYSTEM_ACTOR,
      at,
    };
    const result = await handleCommand(db, clubId, releaseOccurrenceCommand, command, { now: at });
    if (result?.ok && result.events.length > 0) released++;
  }
  return released;
}

/** Releases every date due at `at` in every club that asks for check-in; answers how many. */
export async function releaseDueHours(db: Db, at: Date): Promise<number> {
  let released = 0;
  for (const clubId of await clubsWithCheckIn(db)) released += await releaseInClub(db, clubId, at);
  return released;
}

/**
 * No-shows older than their club's `strike_days` count no more and are removed
 * (docs/privacy.md, "Check-in and no-shows").
 */
export async function purgeOldNoShows(db: Db, at: Date): Promise<number> {
  return db
    .raw(
      `DELETE FROM no_shows n USING clubs c
     WHERE c.id = n.club_id
       AND n.date <= (?::timestamptz AT TIME ZONE c.time_zone)::date
         - coalesce((c.play_rules->'check_in'->>'strike_days')::int, ?)`,
      [at.toISOString(), DEFAULT_PLAY_RULES.check_in.strike_days],
    )
    .then((result: { rowCount: number }) => result.rowCount);
}

/**
 * A check-in matters only until its hour is over: rows from before yesterday are removed. The
 * event keeps it, like every change of the booking (docs/privacy.md, "Check-in and no-shows").
 */
export async function purgeOldCheckIns(db: Db, at: Date): Promise<number> {
  // UTC's day is enough here: two days of margin cover every club's zone.
  const dayBeforeYesterday = addDays(at.toISOString().slice(0, 10), -2);
  return db('check_ins').where('date', '<', dayBeforeYesterday).delete();
}

export interface ReleaseJobOptions {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  clock: () => Date;
  /** How often the leader looks; default 15 s, so a release comes within the minute it is due. */
  everyMs?: number;
  /** How often a follower asks for the lock; default 5 s. */
  retryMs?: number;
}

/** Runs the release in one process of the deployment; another takes over when it dies. */
export function startReleaseJob(options: ReleaseJobOptions): SubscriptionsLeader {
  const { db, logger, clock, everyMs = 15_000 } = options;
  const log = logger.child({ component: 'release-job' });
  return startAsLeader({
    databaseUrl: options.databaseUrl,
    logger,
    lock: RELEASE_LOCK,
    name: 'release job',
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    start() {
      let running: Promise<void> = Promise.resolve();
      const tick = () => {
        running = running.then(async () => {
          try {
            const released = await releaseDueHours(db, clock());
            if (released > 0) log.info({ released }, 'hours released: nobody checked in');
          } catch (err) {
            log.warn({ err }, 'release failed');
          }
        });
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
      return {
        async stop() {
          clearInterval(timer);
          await running;
        },
      };
    },
  });
}
