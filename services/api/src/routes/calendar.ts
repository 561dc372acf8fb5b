/**
 * The personal calendar feed (docs/architecture/calendar-feed.md): the member's link in the
 * account panel, its renewal, and the feed itself, which calendar apps fetch without a session.
 */
import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { calendarTexts } from '@platzbuchung/domain/calendar/texts';
import { addDays, wallClockOf } from '@platzbuchung/domain/dates';
import { fullName } from '@platzbuchung/domain/names';
import { scheduleFrom } from '@platzbuchung/domain/recurrence';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { requireLogin, sessionUser } from '../http/auth';
import type { AppState } from '../http/context';
import { notFound } from '../http/errors';
import { describeRoutes } from '../http/api-description';
import { secretLink } from '../http/answer-schemas';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';
import { currentFeedSecret, feedKey, feedUrl, findFeedOwner, renewFeedSecret } from '../calendar/feed-links';
import { bookingsCalendar, type FeedBooking } from '../calendar/ics';

/**
 * Past bookings stay in the feed this long: older single bookings and ended series drop out, and a
 * running series is written from its first occurrence since then (domain `scheduleFrom`), so no
 * booking's past reaches further back however long ago it began.
 */
const PAST_DAYS_IN_FEED = 365;

/** Calendar apps poll; they may keep a copy this long, and revalidate with the ETag after it. */
const FEED_MAX_AGE_SECONDS = 300;

async function memberBookings(reads: Db, userId: string, clubId: string, since: string) {
  const rows: (ReservationRow & { booker_first: string | null; booker_last: string | null })[] = await reads(
    'reservations as r',
  )
    .leftJoin('users as booker', 'booker.id', 'r.user_id')
    .where('r.club_id', clubId)
    // The member's own bookings and those that name them as a co-player (docs/architecture/calendar-feed.md,
    // "The calendar feed"), each found through its own index: as `user_id = … OR id IN (…)` the
    // planner read every booking of the club's window and filtered, 20 times slower on a national
    // database (bench/README.md, "National").
    .whereIn(
      'r.id',
      reads('reservations')
        .where({ club_id: clubId, user_id: userId })
        .select('id')
        .unionAll((named) =>
          named
            .from('reservation_players')
            .where({ user_id: userId, club_id: clubId })
            .select('reservation_id'),
        ),
    )
    .andWhere((q) =>
      q
        .where('r.date', '>=', since)
        .orWhere((series) =>
          series
            .where('r.recurring', true)
            .andWhere((end) => end.whereNull('r.end_date').orWhere('r.end_date', '>', since)),
        ),
    )
    .orderBy([{ column: 'r.date' }, { column: 'r.start_time' }, { column: 'r.id' }])
    .select([
      ...RESERVATION_COLUMNS.map((column) => `r.${column}`),
      'r.version',
      'booker.first_name as booker_first',
      'booker.last_name as booker_last',
    ]);
  return rows.flatMap((row): FeedBooking[] => {
    const bookedBy =
      row.user_id === userId
        ? {}
        : { bookedBy: fullName({ first_name: row.booker_first, last_name: row.booker_last }) };
    const shown = scheduleFrom({ ...toReservation(row), version: row.version, ...bookedBy }, since);
    return shown ? [shown] : [];
  });
}

/**
 * Changes with every event of the club (each booking change is one), the club's name, the zone,
 * the address and the window's first day: all a feed is made from, known before its bookings.
 */
function feedEtag(parts: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;
}

export function calendarRoutes(deps: AppDeps): Router<AppState> {
  const { db, config } = deps;
  const key = feedKey(config.sessionSecret);
  const router = new Router<AppState>({ prefix: '/api' });

  router.get('/account/calendar', requireLogin(db), async (ctx) => {
    const secret = await currentFeedSecret(db, key, sessionUser(ctx)._id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: feedUrl(config.publicUrl, secret) };
  });

  router.post('/account/calendar', requireLogin(db), async (ctx) => {
    const user = sessionUser(ctx);
    const secret = await renewFeedSecret(db, key, user._id);
    ctx.state.logger.info({ userId: user._id }, 'calendar link renewed');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: feedUrl(config.publicUrl, secret) };
  });

  /**
   * No session: the secret is the credential. Unknown and malformed secrets get the same 404, so an
   * answer says nothing about which members or feeds exist.
   */
  router.get('/calendar/:secret.ics', async (ctx) => {
    // Calendar apps poll and keep a copy for minutes: the feed may be read a moment late
    // (docs/scaling.md), so the whole of it comes from one database, the replica while it keeps up.
    const reads = deps.laggingReads.db();
    const owner = await findFeedOwner(reads, ctx.params.secret ?? '');
    if (!owner) throw notFound(calendarTexts.feedNotFound);
    // The club's own zone (docs/architecture/club-time.md).
    const { timeZone } = owner;
    const since = addDays(wallClockOf(deps.clock(), timeZone).date, -PAST_DAYS_IN_FEED);
    const etag = feedEtag([owner.userId, owner.clubName, timeZone, since, config.publicUrl, owner.clubSeq]);
    ctx.set('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`);
    ctx.set('ETag', etag);
    // The link is the credential: no referrer or search engine should ever carry it on.
    ctx.set('X-Robots-Tag', 'noindex');
    // Before the bookings are read: an unchanged feed costs the one query that found its owner.
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    // Read after the club's position, so the feed is never older than its ETag says.
    const bookings = await memberBookings(reads, owner.userId, owner.clubId, since);
    const calendar = bookingsCalendar({
      clubName: owner.clubName,
      timeZone,
      bookings,
      now: deps.clock(),
      publicUrl: config.publicUrl,
    });
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'inline; filename="platzbuchung.ics"');
    // RFC 5545 ends every line with CRLF, the last one too.
    ctx.body = `${calendar.toString()}\r\n`;
  });

  return describeRoutes(router, 'Kalender', {
    'GET /api/account/calendar': {
      summary: 'Der Link zum eigenen Kalender-Abo',
      access: 'login',
      answers: { 200: { description: 'Der Link, oder null, solange es keinen gibt.', schema: secretLink } },
    },
    'POST /api/account/calendar': {
      summary: 'Einen neuen Link zum Kalender-Abo machen; ein bisheriger gilt nicht mehr',
      access: 'login',
      answers: { 200: { description: 'Der neue Link.', schema: secretLink } },
    },
    'GET /api/calendar/:secret.ics': {
      summary: 'Das Kalender-Abo: die eigenen Buchungen als iCalendar',
      access: 'secret-link',
      answers: {
        200: { description: 'Der Kalender (RFC 5545).', media: 'calendar' },
        304: { description: 'Unverändert seit dem genannten ETag.', media: 'none' },
      },
      refusals: { 404: 'Diesen Link gibt es nicht (mehr).' },
    },
  });
}
