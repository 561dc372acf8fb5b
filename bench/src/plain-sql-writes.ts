/**
 * The writes' baseline: the same work as the API's booking, in plain SQL with `pg` and nothing
 * else: take the club's lock, look for a conflict (and the booker's own upcoming bookings, as the
 * limit needs), number and append the event, write the read model's row, commit. No HTTP, no
 * session, no validation, no framework: the fastest this database can take these bookings.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

interface PlainBooking {
  clubId: string;
  userId: string;
  court_num: string;
  start_time: number;
  end_time: number;
  date: string;
}

const CONFLICTS = `
  SELECT id, court_num, start_time, end_time, date, recurring, user_id FROM reservations
  WHERE club_id = $1 AND (recurring OR date >= $2) AND (court_num = $3 OR user_id = $4)`;
const LAST_SEQ = 'SELECT club_seq FROM events WHERE club_id = $1 ORDER BY club_seq DESC LIMIT 1';
const APPEND = `
  INSERT INTO events (stream_type, stream_id, version, club_id, club_seq, type, data, actor_id, occurred_at)
  VALUES ('reservation', $1, 1, $2, $3, 'ReservationMade', $4, $5, now())`;
const PROJECT = `
  INSERT INTO reservations (id, club_id, user_id, court_num, start_time, end_time, date, label, recurring,
    deleted_dates, end_date, group_id, version)
  VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, false, '{}', NULL, NULL, 1)`;

/** One booking; false when the slot was taken (nothing is written then). */
export async function bookInPlainSql(pool: pg.Pool, booking: PlainBooking, today: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`club:${booking.clubId}`]);
    const { rows } = await client.query(CONFLICTS, [
      booking.clubId,
      today,
      booking.court_num,
      booking.userId,
    ]);
    const taken = rows.some(
      (r: { court_num: string; date: string; start_time: number; end_time: number }) =>
        r.court_num === booking.court_num &&
        r.date === booking.date &&
        r.start_time < booking.end_time &&
        booking.start_time < r.end_time,
    );
    if (taken) {
      await client.query('ROLLBACK');
      return false;
    }
    const last = await client.query(LAST_SEQ, [booking.clubId]);
    const clubSeq = Number(last.rows[0]?.club_seq ?? 0) + 1;
    const id = randomUUID();
    const data = {
      club_id: booking.clubId,
      user_id: booking.userId,
      court_num: booking.court_num,
      start_time: booking.start_time,
      end_time: booking.end_time,
      date: booking.date,
      label: '',
      recurring: false,
    };
    await client.query(APPEND, [id, booking.clubId, clubSeq, data, booking.userId]);
    await client.query(PROJECT, [
      id,
      booking.clubId,
      booking.userId,
      booking.court_num,
      booking.start_time,
      booking.end_time,
      booking.date,
    ]);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
