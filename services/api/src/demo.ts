/**
 * The demo club of `npm start -- --demo`: twelve members, a realistic week on the grid and the four
 * weeks before it, so a newcomer sees the product at work and the admin's figures ("Auslastung",
 * "Gäste") open on a month that was played, and its Kasse on the members' balances. Bookings and the court block go through the same command
 * handler as the API's, so they obey every rule and appear in the event log.
 */
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays, weekdayOf } from '@platzbuchung/domain/dates';
import type { Actor } from '@platzbuchung/domain/decider';
import type { MakeReservation } from '@platzbuchung/domain/reservations/make-reservation';
import type { Club } from '@platzbuchung/domain/types';
import type { PasswordHasher } from './accounts/passwords';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { Payment, PlayRules, PriceRule } from '@platzbuchung/domain/schemas';
import { clubNameColumns, findClub, insertUser } from './accounts/users-store';
import type { Db } from './db/connect';
import { blockCourtsCommand } from './commands/blocks';
import type { Clock } from './commands/definition';
import { handleCommand } from './commands/handle';
import { bookCourtsCommand, makeReservationCommand } from './commands/reservations';
import { listReservations } from './reservations/window-list';
import { newId } from './ids';

import credentials from './demo-credentials.json' with { type: 'json' };

/** Kept in JSON so the start script, which runs before TypeScript is available, prints the same. */
export const DEMO_CLUB_NAME = credentials.clubName;
export const DEMO_PASSWORD = credentials.password;
export const DEMO_ADMIN = credentials.admin;
export const DEMO_PLAYER = credentials.player;
export const DEMO_MEMBERS = credentials.members;

const DEMO_CLUB = { courts_count: 6, start_hour: 8, end_hour: 21, reservations_limit: 3 } as const;
/** The demo club's Platzordnung and time rules: two weeks ahead, cancelling until 2 hours before. */
const DEMO_LOCAL_RULES = {
  booking_horizon_days: 14,
  cancel_deadline_hours: 2,
  rules: [
    'Platzordnung des Demo-Vereins',
    '',
    '1. Gespielt wird nur mit Tennisschuhen für Sandplätze.',
    '2. Nach dem Spiel wird der Platz abgezogen und die Linien werden gefegt.',
    '3. Wer nicht spielen kann, storniert seine Reservierung bis 2 Stunden vor Beginn.',
    '4. Bei Nässe entscheidet der Platzwart, ob gespielt werden kann.',
  ].join('\n'),
} as const;
/**
 * Who plays in the demo club (docs/who-plays.md): every player named, guests at
 * 5 € an hour, a doubles may take two hours, two prime-time hours a week on weekday evenings.
 */
const DEMO_PLAY_RULES: PlayRules = playRulesOf({
  co_players: 'required',
  doubles_hours: 2,
  guests: true,
  guest_fee_cents: 500,
  quotas: [{ days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 }],
});
/**
 * What the demo club charges (docs/architecture/money.md): floodlight from 18 Uhr on every court,
 * gathered on the members' accounts with the guests' fees, so its Kasse shows balances.
 */
const DEMO_PRICES: readonly PriceRule[] = [
  {
    label: 'Flutlicht',
    courts: null,
    days: [1, 2, 3, 4, 5, 6, 7],
    from_hour: 18,
    to_hour: 21,
    cents_per_hour: 300,
  },
];
const DEMO_PAYMENT: Payment = 'account';
const DAYS_SHOWN = 7;
/** Weeks played before today: the admin's figures open on the last four (stats/range). */
const PAST_WEEKS = 4;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** When members want to play: after work on weekdays, mornings at the weekend. */
const WEEKDAY_HOURS = [17, 18, 19, 16, 20, 10, 9];
const WEEKEND_HOURS = [10, 11, 9, 14, 15, 16, 12];

/** The club and its twelve members; running it again changes nothing. */
async function seedClubAndMembers(
  db: Db,
  hasher: PasswordHasher,
  timeZone: string,
): Promise<{ clubId: string }> {
  const password_hash = await hasher.hash(DEMO_PASSWORD);
  return db.transaction(async (trx) => {
    const existing: Pick<Club, '_id'> | undefined = await trx('clubs')
      .where({ name: DEMO_CLUB_NAME })
      .first({ _id: 'id' });
    const clubId =
      existing?._id ??
      (
        await trx('clubs')
          .insert({
            ...clubNameColumns(DEMO_CLUB_NAME),
            ...DEMO_CLUB,
            ...DEMO_LOCAL_RULES,
            play_rules: JSON.stringify(DEMO_PLAY_RULES),
            prices: JSON.stringify(DEMO_PRICES),
            payment: DEMO_PAYMENT,
            time_zone: timeZone,
          })
          .returning<{ id: string }[]>('id')
      )[0]!.id;
    // The demo's addresses count as confirmed, so its members get notices (in var/mail) at once.
    const member = {
      club_id: clubId,
      password_hash,
      status: 'active' as const,
      email_confirmed_at: new Date(),
    };
    await insertUser(trx, { ...DEMO_ADMIN, ...member, role: 'admin' });
    for (const player of [DEMO_PLAYER, ...DEMO_MEMBERS]) {
      await insertUser(trx, { ...player, ...member, role: 'player' });
    }
    return { clubId };
  });
}

async function memberIds(db: Db, clubId: string): Promise<{ admin: Actor; players: Actor[] }> {
  const emails = [DEMO_ADMIN, DEMO_PLAYER, ...DEMO_MEMBERS].map((member) => member.email.toLowerCase());
  const rows: { id: string; email: string; role: Actor['role'] }[] = await db('users')
    .where({ club_id: clubId })
    .whereRaw('lower(email) = any(?)', [emails])
    .select('id', 'email', 'role');
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  const actor = (email: string): Actor => {
    const row = byEmail.get(email.toLowerCase());
    if (!row) throw new Error(`demo member ${email} is missing`);
    return { user_id: row.id, role: row.role };
  };
  return {
    admin: actor(DEMO_ADMIN.email),
    players: [DEMO_PLAYER, ...DEMO_MEMBERS].map((member) => actor(member.email)),
  };
}

type Booking = Omit<MakeReservation, 'type' | 'reservation_id'>;

/**
 * A week from `today` on: a children's course and up to three single hours per player (the club's
 * limit) at the hours people like to play, and, in the first week seeded, two weekly training
 * series with a label, which then run through every later week. A slot that is taken or already
 * past moves to the next court, then to the next day.
 */
function demoWeek(today: string, admin: Actor, players: Actor[], withSeries: boolean): Booking[] {
  const series = (days: number, start: number, court: string, label: string): Booking => ({
    actor: admin,
    date: addDays(today, days),
    start_time: start,
    end_time: start + 2,
    court_num: court,
    label,
    recurring: true,
    players: [],
  });
  const bookings: Booking[] = [
    ...(withSeries ? [series(1, 18, '1', 'Training Herren 40'), series(2, 16, '2', 'Jugendtraining')] : []),
    { ...series(4, 14, '6', 'Schnupperkurs Kinder'), recurring: false },
  ];
  players.forEach((actor, player) => {
    for (let booking = 0; booking < DEMO_CLUB.reservations_limit; booking++) {
      const day = (player * 2 + booking * 3) % DAYS_SHOWN;
      const date = addDays(today, day);
      const weekend = [0, 6].includes(weekdayOf(date));
      const hours = weekend ? WEEKEND_HOURS : WEEKDAY_HOURS;
      const start = hours[(player + booking * 2) % hours.length] as number;
      // A singles with the next member, a doubles of two hours, a singles with a guest.
      const others = [1, 2, 3].map((n) => ({ user_id: players[(player + n) % players.length]!.user_id }));
      const named = [[others[0]!], others, [{ guest_id: newId(), guest_name: 'Gerda Gast' }]][booking % 3]!;
      bookings.push({
        actor,
        date,
        start_time: start,
        end_time: start + (named.length === 3 ? 2 : 1),
        court_num: String(1 + ((player + booking) % DEMO_CLUB.courts_count)),
        label: null,
        recurring: false,
        players: named,
      });
    }
  });
  return bookings;
}

/** Books one wish, moving to another court or a later day when its slot is taken or past. */
async function book(db: Db, clubId: string, wish: Booking, clock: Clock): Promise<boolean> {
  for (let dayShift = 0; dayShift < DAYS_SHOWN; dayShift++) {
    for (let courtShift = 0; courtShift < DEMO_CLUB.courts_count; courtShift++) {
      const court = ((Number(wish.court_num) - 1 + courtShift) % DEMO_CLUB.courts_count) + 1;
      const result = await handleCommand(
        db,
        clubId,
        makeReservationCommand,
        {
          ...wish,
          type: 'MakeReservation',
          reservation_id: newId(),
          date: addDays(wish.date, dayShift),
          court_num: String(court),
        },
        clock,
      );
      if (!result || result.ok) return Boolean(result);
      if (result.error.kind === 'past') break;
      if (result.error.kind !== 'conflict') return false;
    }
  }
  return false;
}

/** Court 6 closed for two mornings' maintenance, and the women's team match on courts 3 and 4. */
async function adminWeek(db: Db, clubId: string, today: string, admin: Actor, clock: Clock): Promise<number> {
  const maintenance = addDays(today, 3);
  const matchDay = addDays(today, 5);
  const results = [
    await handleCommand(
      db,
      clubId,
      blockCourtsCommand,
      {
        type: 'BlockCourts',
        block_id: newId(),
        actor: admin,
        court_nums: ['6'],
        from: `${maintenance}T08:00`,
        until: `${addDays(maintenance, 1)}T12:00`,
        reason: 'Platzpflege',
      },
      clock,
    ),
    await handleCommand(
      db,
      clubId,
      bookCourtsCommand,
      {
        type: 'BookCourts',
        group_id: newId(),
        reservation_ids: [newId(), newId()],
        court_nums: ['3', '4'],
        actor: admin,
        date: matchDay,
        start_time: 9,
        end_time: 13,
        label: 'Medenspiel Damen 30',
        recurring: false,
        players: [],
      },
      clock,
    ),
  ];
  return results.filter((result) => result?.ok).length;
}

/**
 * A demo club with twelve members and, when nothing is booked from four weeks ago on, those four
 * weeks and the week ahead: two weekly training series since the first, the players' single hours
 * every week, and this week a court block and a team match over two courts. The past weeks are
 * booked on the clock of their own day, through the same rules, so the log tells them as they
 * would have happened. Running it again on a club that has its weeks changes nothing.
 */
export async function seedDemo(
  db: Db,
  hasher: PasswordHasher,
  // The zone is the operator's APP_TIMEZONE, passed in: no second default that could disagree with it.
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<{ clubId: string; booked: number }> {
  const { clubId } = await seedClubAndMembers(db, hasher, timeZone);
  const club = await findClub(db, clubId);
  const today = clubNow(club!.time_zone, now).date;
  const clock: Clock = { now };
  const seeded = { from: addDays(today, -7 * PAST_WEEKS), to: addDays(today, DAYS_SHOWN - 1) };
  if ((await listReservations(db, clubId, seeded)).length > 0) return { clubId, booked: 0 };
  const { admin, players } = await memberIds(db, clubId);
  let booked = 0;
  // Oldest first, each week on its own day's clock, so the log runs forward in time.
  for (let weeksAgo = PAST_WEEKS; weeksAgo >= 1; weeksAgo--) {
    const then: Clock = { now: new Date(now.getTime() - weeksAgo * WEEK_MS) };
    const day = clubNow(club!.time_zone, then.now).date;
    for (const wish of demoWeek(day, admin, players, weeksAgo === PAST_WEEKS)) {
      if (await book(db, clubId, wish, then)) booked++;
    }
  }
  // The block first: the members' bookings then go around it, as they would in a real club.
  booked += await adminWeek(db, clubId, today, admin, clock);
  for (const wish of demoWeek(today, admin, players, false)) {
    if (await book(db, clubId, wish, clock)) booked++;
  }
  return { clubId, booked };
}
