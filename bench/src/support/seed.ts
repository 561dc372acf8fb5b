/**
 * A busy club, written straight into the event log and the read model with set-based SQL so that
 * even a hundredfold history seeds in minutes: 20 courts, 14 hours a day (8–22), 300 active weekly
 * series on the morning hours, and on every day of the history 80 single bookings on the afternoon
 * hours, one in a hundred of them cancelled again. Series and singles never share an hour, so the
 * data is as consistent as the API would have left it.
 */
import type { Knex } from 'knex';

/**
 * Every bench club's zone. The API sets a club's zone when it signs up; a club written straight
 * into the table needs it too.
 */
export const BENCH_TIME_ZONE = 'Europe/Berlin';

const SERIES = 300;
const SINGLES_PER_DAY = 80;
/** Two years of history for factor 1. */
const HISTORY_DAYS = 730;

interface SeededClub {
  clubId: string;
  adminId: string;
  adminEmail: string;
  events: number;
}

/** A club as every bench part uses it: 20 courts, 8 to 22 o'clock, the bench's time zone. */
export async function insertBenchClub(db: Knex, name: string): Promise<{ id: string }> {
  const [club] = await db('clubs')
    .insert({
      name,
      courts_count: 20,
      start_hour: 8,
      end_hour: 22,
      reservations_limit: 3,
      time_zone: BENCH_TIME_ZONE,
    })
    .returning('id');
  return club;
}

/** bcrypt hash of BENCH_PASSWORD (cost 4, quick to check). */
export const BENCH_PASSWORD = 'Bench-Platz1!';
export const BENCH_PASSWORD_HASH = '$2b$04$fqGjZWjzKGWRPYO7u8ZKxOLbhhLwnJq4JspJm0C9qS9qjZEhPisIO';

export async function seedBusyClub(
  db: Knex,
  options: { name: string; historyFactor: number; today: string },
): Promise<SeededClub> {
  const days = Math.round(HISTORY_DAYS * options.historyFactor);
  return db.transaction(async (trx) => {
    const club = await insertBenchClub(trx, options.name);
    const adminEmail = `admin-${club.id}@bench.invalid`;
    const [admin] = await trx('users')
      .insert({
        club_id: club.id,
        first_name: 'Bench',
        last_name: 'Admin',
        email: adminEmail,
        password_hash: BENCH_PASSWORD_HASH,
        role: 'admin',
      })
      .returning('id');
    await trx.raw(
      `INSERT INTO users (club_id, first_name, last_name, email, password_hash, role)
       SELECT ?, 'Spieler', 'Nummer' || i, 'p' || i || '-' || ? || '@bench.invalid', ?, 'player'
       FROM generate_series(1, 200) i`,
      [club.id, club.id, BENCH_PASSWORD_HASH],
    );
    const params = {
      club: club.id,
      admin: admin.id,
      today: options.today,
      days,
      series: SERIES,
      perDay: SINGLES_PER_DAY,
    };
    await trx.raw(
      `CREATE TEMP TABLE seed ON COMMIT DROP AS
       WITH players AS MATERIALIZED (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE club_id = :club),
       series AS (
         SELECT i,
                (:today::date - :days::int + (i * 2) % 700 + ((i % 7) - extract(dow FROM :today::date - :days::int + (i * 2) % 700)::int + 7) % 7)::date AS date,
                (i / 7) % 20 + 1 AS court,
                8 + (i / 7) / 20 AS hour
         FROM generate_series(0, :series::int - 1) i
       ),
       singles AS (
         SELECT d, j, (:today::date - :days::int + d)::date AS date,
                ((j / 10) + d * 3) % 20 + 1 AS court,
                12 + j % 10 AS hour
         FROM generate_series(0, :days::int + 13) d, generate_series(0, :perDay::int - 1) j
       )
       SELECT gen_random_uuid() AS id, s.date, s.court::text AS court_num, s.hour AS start_time, s.hour + 1 AS end_time,
              true AS recurring, 'Training ' || s.i AS label, :admin::uuid AS user_id, false AS cancelled
       FROM series s
       UNION ALL
       SELECT gen_random_uuid(), g.date, g.court::text, g.hour, g.hour + 1, false, NULL,
              (SELECT ids[1 + (g.d * 31 + g.j) % 200] FROM players), (g.d * 80 + g.j) % 100 = 0
       FROM singles g`,
      params,
    );
    await trx.raw(
      `INSERT INTO events (stream_type, stream_id, version, club_id, club_seq, type, data, actor_id, occurred_at)
       SELECT 'reservation', id, 1, :club::uuid,
              (SELECT coalesce(max(club_seq), 0) FROM events WHERE club_id = :club::uuid)
                + row_number() OVER (ORDER BY date, start_time, court_num),
              'ReservationMade',
              jsonb_strip_nulls(jsonb_build_object('club_id', :club::text, 'user_id', user_id, 'court_num', court_num,
                'start_time', start_time, 'end_time', end_time, 'date', date, 'label', label, 'recurring', recurring)),
              user_id, date - interval '2 days' + start_time * interval '1 minute'
       FROM seed ORDER BY date, start_time, court_num`,
      params,
    );
    await trx.raw(
      `INSERT INTO events (stream_type, stream_id, version, club_id, club_seq, type, data, actor_id, occurred_at)
       SELECT 'reservation', id, 2, :club::uuid,
              (SELECT coalesce(max(club_seq), 0) FROM events WHERE club_id = :club::uuid)
                + row_number() OVER (ORDER BY date),
              'ReservationCancelled', '{"delete_type":"all"}'::jsonb, user_id, date - interval '1 day'
       FROM seed WHERE cancelled ORDER BY date`,
      params,
    );
    await trx.raw(
      `INSERT INTO reservations (id, club_id, user_id, court_num, start_time, end_time, date, label, recurring, deleted_dates, end_date, version)
       SELECT id, :club::uuid, user_id, court_num, start_time, end_time, date, label, recurring, '{}', NULL, 1
       FROM seed WHERE NOT cancelled`,
      params,
    );
    const [{ n }] = (await trx.raw('SELECT count(*)::int AS n FROM seed')).rows;
    const [{ c }] = (await trx.raw('SELECT count(*)::int AS c FROM seed WHERE cancelled')).rows;
    return { clubId: club.id, adminId: admin.id, adminEmail, events: n + c };
  });
}
