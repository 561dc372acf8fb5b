/**
 * Writes the national clubs into a migrated database: clubs, members, their bookings as events in
 * the log and the read model's rows, all through COPY. The log grows day by day over every club, as
 * a real deployment's would (positions interleave clubs, each club's numbers count up), in one
 * transaction per stretch of days so readers walking the log by transaction see many. Rows and
 * events are written side by side from the same plan, so the read model equals the fold of the log
 * (the bench's test checks that with the projections' own `verify`).
 */
import { randomUUID } from 'node:crypto';
import { v7 } from 'uuid';
import pg from 'pg';
import { addDays } from '@platzbuchung/domain/dates';
import { CopyIn, withoutSecondaryIndexes } from './copy-in';
import {
  CANCELLED_ONE_IN,
  SERIES_HOURS,
  SINGLE_HOURS,
  planClubs,
  type ClubPlan,
  type NationalShape,
} from './shape';
import { BENCH_PASSWORD_HASH, BENCH_TIME_ZONE } from '../support/seed';

/** Days of history per COPY transaction. */
const DAYS_PER_TRANSACTION = 73;

const EVENT_COLUMNS =
  'position, stream_id, version, club_id, type, data, actor_id, occurred_at, stream_type, club_seq';
const RESERVATION_COLUMNS =
  'id, club_id, user_id, court_num, start_time, end_time, date, label, recurring, version';

interface Club extends ClubPlan {
  id: string;
  members: number;
  userIds: string[];
  seq: number;
  madeSingles: number;
}

export interface Generated {
  clubs: number;
  members: number;
  events: number;
  reservations: number;
}

/** A generated club's name (their order is the plan's). */
export function clubName(index: number): string {
  return `TC Bench ${String(index + 1).padStart(5, '0')}`;
}

/** The e-mail address of a generated club's member (member 0 is its admin). */
export function nationalEmail(clubIndex: number, member: number): string {
  return `n${member}-c${clubIndex}@bench.invalid`;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Foreign keys and triggers are not checked row by row: the plan is consistent by construction,
  // and the append trigger's notification of ten million rows would serve no listener.
  await client.query("SET session_replication_role = 'replica'");
  return client;
}

async function writeClubsAndMembers(client: pg.Client, clubs: readonly Club[]): Promise<number> {
  const clubRows = new CopyIn(
    client,
    'COPY clubs (id, name, courts_count, start_hour, end_hour, reservations_limit, time_zone) FROM STDIN',
  );
  for (const club of clubs) {
    await clubRows.line(
      `${club.id}\t${clubName(club.index)}\t${club.courts}\t8\t22\t3\t${BENCH_TIME_ZONE}\n`,
    );
  }
  await clubRows.end();
  const users = new CopyIn(
    client,
    'COPY users (id, club_id, first_name, last_name, email, password_hash, role) FROM STDIN',
  );
  let members = 0;
  for (const club of clubs) {
    for (let m = 0; m < club.members; m++) {
      const line = `${club.userIds[m]}\t${club.id}\tSpieler\tNummer ${m}\t${nationalEmail(club.index, m)}\t`;
      await users.line(`${line}${BENCH_PASSWORD_HASH}\t${m === 0 ? 'admin' : 'player'}\n`);
      members++;
    }
  }
  await users.end();
  return members;
}

interface Booking {
  court: number;
  hour: number;
  date: string;
  label: string | null;
}

function madeData(club: Club, user: string, booking: Booking): string {
  const label = booking.label === null ? '' : `,"label":"${booking.label}"`;
  return (
    `{"date":"${booking.date}","user_id":"${user}","club_id":"${club.id}","end_time":${booking.hour + 1}` +
    `${label},"court_num":"${booking.court}","recurring":${booking.label !== null},"start_time":${booking.hour}}`
  );
}

/** The log and the read model, written together day by day. */
async function writeBookings(
  events: CopyIn,
  rows: CopyIn,
  clubs: readonly Club[],
  shape: NationalShape,
  today: string,
  firstPosition: number,
): Promise<{ events: number; reservations: number }> {
  let position = firstPosition;
  let reservations = 0;
  const dates = Array.from({ length: shape.days + 2 }, (_, d) => addDays(today, d - shape.days - 2));
  const emit = async (club: Club, day: number, user: string, booking: Booking, cancelled: boolean) => {
    // Made two days ahead, spread over the working day in club order, so time follows position.
    const minute = 360 + Math.floor((club.index * 840) / clubs.length);
    const madeMs = Date.parse(`${dates[day]}T00:00:00Z`) + minute * 60_000;
    const at = new Date(madeMs).toISOString();
    // Time-ordered, as the API makes them (services/api/src/ids.ts), from the moment it was made.
    const id = v7({ msecs: madeMs });
    await events.line(
      `${position++}\t${id}\t1\t${club.id}\tReservationMade\t${madeData(club, user, booking)}\t${user}\t${at}\treservation\t${++club.seq}\n`,
    );
    if (cancelled) {
      await events.line(
        `${position++}\t${id}\t2\t${club.id}\tReservationCancelled\t{"delete_type":"all"}\t${user}\t${at}\treservation\t${++club.seq}\n`,
      );
      return;
    }
    const label = booking.label ?? '\\N';
    await rows.line(
      `${id}\t${club.id}\t${user}\t${booking.court}\t${booking.hour}\t${booking.hour + 1}\t${booking.date}\t${label}\t${booking.label !== null}\t1\n`,
    );
    reservations++;
  };
  for (let day = 0; day < shape.days; day++) {
    const date = dates[day + 2]!;
    for (const club of clubs) {
      if (day === 0) {
        for (let n = 0; n < club.series; n++) {
          const booking = {
            court: (n % club.courts) + 1,
            hour: SERIES_HOURS.first + (Math.floor(n / club.courts) % SERIES_HOURS.count),
            date: dates[2 + (n % 7)]!,
            label: `Training ${n + 1}`,
          };
          await emit(club, day, club.userIds[0]!, booking, false);
        }
      }
      const today_ =
        Math.floor(((day + 1) * club.singles) / shape.days) - Math.floor((day * club.singles) / shape.days);
      for (let k = 0; k < today_; k++) {
        const j = club.madeSingles++;
        const user = club.userIds[(j * 31 + day) % club.members]!;
        const booking = {
          court: (k % club.courts) + 1,
          hour: SINGLE_HOURS.first + Math.floor(k / club.courts),
          date,
          label: null,
        };
        await emit(club, day, user, booking, j % CANCELLED_ONE_IN === CANCELLED_ONE_IN - 1);
      }
    }
    if ((day + 1) % DAYS_PER_TRANSACTION === 0 || day === shape.days - 1) {
      await Promise.all([events.end(), rows.end()]);
    }
  }
  return { events: position - firstPosition, reservations };
}

/**
 * Generates `shape` into the database at `url` (migrated, holding no generated clubs yet), with
 * its bookings' dates up to the day before `today`. `log` hears the steps.
 */
export async function generateNational(
  url: string,
  shape: NationalShape,
  today: string,
  log: (line: string) => void,
): Promise<Generated> {
  const clubs: Club[] = planClubs(shape).map((plan) => ({
    ...plan,
    id: randomUUID(),
    userIds: Array.from({ length: plan.members }, () => randomUUID()),
    seq: 0,
    madeSingles: 0,
  }));
  const main = await connect(url);
  const second = await connect(url);
  try {
    const { rows } = await main.query<{ next: string }>(
      'SELECT coalesce(max(position), 0) + 1 AS next FROM events',
    );
    let written = { events: 0, reservations: 0, members: 0 };
    await withoutSecondaryIndexes(
      main,
      [
        { table: 'users', primaryKey: false },
        { table: 'events', primaryKey: false },
        { table: 'reservations', primaryKey: true },
      ],
      async () => {
        log(`${shape.clubs} clubs and their members…`);
        const members = await writeClubsAndMembers(main, clubs);
        log(`${members} members; events and reservations, ${shape.days} days…`);
        const events = new CopyIn(main, `COPY events (${EVENT_COLUMNS}) FROM STDIN`);
        const reservationRows = new CopyIn(second, `COPY reservations (${RESERVATION_COLUMNS}) FROM STDIN`);
        written = {
          members,
          ...(await writeBookings(events, reservationRows, clubs, shape, today, Number(rows[0]!.next))),
        };
        log(`${written.events} events, ${written.reservations} reservations; building the indexes…`);
      },
    );
    await main.query(
      "SELECT setval(pg_get_serial_sequence('events', 'position'), max(position)) FROM events",
    );
    return { clubs: clubs.length, ...written };
  } finally {
    await Promise.all([main.end(), second.end()]);
  }
}
