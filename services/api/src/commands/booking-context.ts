/**
 * What a new or changed booking is decided on (docs/architecture/commands.md):
 * the club's bookings in the way, the people's other bookings, the blocks, the play rules and the
 * named members, read in one statement; and what a booking writes beside its events.
 */
import type { Knex } from 'knex';
import { bookingRules, type BookingContext } from '@platzbuchung/domain/booking-rules/pipeline';
import { pauseEndsOn, type NoShow } from '@platzbuchung/domain/check-in/no-shows';
import type { NoShowPauses } from '@platzbuchung/domain/check-in/rules/not-paused';
import { memberCategory, type CategorizedMember } from '@platzbuchung/domain/categories/categories';
import { mondayOf } from '@platzbuchung/domain/dates';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { PlayMember, RequestedPlayer } from '@platzbuchung/domain/players/who-plays';
import type { PlayerRef } from '@platzbuchung/domain/reservations/events';
import { withPlayers } from '@platzbuchung/domain/reservations/state';
import type { CheckInSettings, PlayRules } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import type { MoneyContext } from '@platzbuchung/domain/billing/charges';
import { preparedRows } from '../db/prepared';
import { moneyContext, type ClubMoneyRow } from '../money/money-context';
import { blocksFromQuery, toBlock, type BlockRow } from '../projections/blocks';
import { RESERVATION_COLUMNS, toReservation, type ReservationRow } from '../projections/reservation-rows';

/**
 * A booking's context with its money (docs/architecture/money.md, "Charges"): the club's prices
 * and way of paying, and the balances of the members involved. What a changed booking has been
 * charged is added by its command (`withChargesOf`).
 */
export type ChargedBookingContext = BookingContext & { money: MoneyContext };

/**
 * Whose bookings and which courts a booking context covers: one command's, or a batch's together.
 * `user_ids`: the bookers and every member the commands name, whose games, limits and quotas the
 * rules about who plays look at (docs/who-plays.md).
 */
export interface BookingScope {
  court_nums: readonly string[];
  user_ids: readonly string[];
}

/** One club's booking context to load: the club, its commands' courts and members, its day. */
export interface ContextRequest {
  club: Club;
  scope: BookingScope;
  today: string;
}

/** A booking row with the co-players it names, as JSON in the log's order. */
const WITH_CO_PLAYERS = `(SELECT json_agg(CASE WHEN p.user_id IS NOT NULL
    THEN json_build_object('user_id', p.user_id)
    ELSE json_build_object('guest_id', p.guest_id, 'fee_cents', p.fee_cents) END ORDER BY p.ordinal)
  FROM reservation_players p WHERE p.reservation_id = r.id) AS co_players`;

/**
 * What new reservations can collide with or count against, for each requested club: its
 * reservations that still take place today or later on the same courts; those of the people
 * involved (booked or named) from the Monday of this week on, for their games elsewhere, their
 * limits and the week's quotas; the blocks that still hold; the club's play rules and the
 * involved members' names, standing and category, the club's prices and their balances; with them the booking rules that judge them
 * (docs/adding-a-change.md, "Adding a new booking rule"). One statement for any number of clubs (a group commit's,
 * ./handle), so it costs one round trip; each club is a row of a JSON parameter, its courts and
 * members two arrays, so the statement's text is always the same. JSON spells dates and arrays as
 * the rows do.
 */
export async function loadBookingContexts(
  db: Knex,
  requests: readonly ContextRequest[],
): Promise<ChargedBookingContext[]> {
  const columns = RESERVATION_COLUMNS.map((c) => `r.${c}`).join(', ');
  const reservations = db.raw(`SELECT ${columns}, ${WITH_CO_PLAYERS} FROM reservations r
    WHERE r.club_id = q.club_id AND (
      ((r.recurring OR r.date >= q.today) AND r.court_num = ANY(q.court_nums))
      OR ((r.recurring OR r.date >= q.week_start) AND (r.user_id = ANY(q.user_ids) OR r.id IN (
        SELECT p.reservation_id FROM reservation_players p
        WHERE p.club_id = q.club_id AND p.user_id = ANY(q.user_ids)))))`);
  const blocks = blocksFromQuery(db, db.raw('q.club_id'), db.raw('q.today::timestamp'));
  const clubs = requests.map(({ club, scope, today }, n) => ({
    n,
    club_id: club._id,
    today,
    week_start: mondayOf(today),
    ...scope,
  }));
  const rows = await preparedRows<{
    existing: (ReservationRow & { co_players: PlayerRef[] | null })[];
    blocks: BlockRow[];
    play_rules: PlayRules;
    no_shows: MemberNoShow[];
    members: ({ id: string; parent_id: string | null } & Omit<PlayMember, 'category'> & CategorizedMember)[];
    money: ClubMoneyRow;
    balances: Record<string, string>;
  }>(
    db,
    'booking-contexts',
    db.raw(
      `SELECT coalesce((SELECT json_agg(r) FROM (?) r), '[]') AS existing,
              coalesce((SELECT json_agg(b) FROM (?) b), '[]') AS blocks,
              (SELECT c.play_rules FROM clubs c WHERE c.id = q.club_id) AS play_rules,
              (SELECT json_build_object('payment', c.payment, 'prices', c.prices,
                 'split_court_fee', c.split_court_fee) FROM clubs c WHERE c.id = q.club_id) AS money,
              coalesce((SELECT json_object_agg(b.user_id, b.balance_cents) FROM account_balances b
                WHERE b.user_id = ANY(q.user_ids)), '{}') AS balances,
              coalesce((SELECT json_agg(s) FROM (SELECT n.id, n.user_id, n.date FROM no_shows n
                WHERE n.club_id = q.club_id AND n.user_id = ANY(q.user_ids)) s), '[]') AS no_shows,
              coalesce((SELECT json_agg(u) FROM (SELECT u.id, u.first_name, u.last_name, u.status,
                u.category_id, u.birth_year, u.parent_id
                FROM users u WHERE u.club_id = q.club_id AND u.id = ANY(q.user_ids)) u), '[]') AS members
       FROM jsonb_to_recordset(?::jsonb)
         AS q(n int, club_id uuid, today date, week_start date, court_nums text[], user_ids uuid[])
       ORDER BY q.n`,
      [reservations, blocks, JSON.stringify(clubs)],
    ),
  );
  return requests.map(({ club, today }, n) => {
    const row = rows[n]!;
    const rules = playRulesOf(row.play_rules ?? {});
    // Each member's category on the club's today: a junior turns adult on 1 January unasked.
    const members = new Map(
      row.members.map(({ id, category_id, birth_year, parent_id: _parent, ...member }) => [
        id,
        { ...member, category: memberCategory(rules, { category_id, birth_year }, today) },
      ]),
    );
    return {
      club,
      existing: row.existing.map(({ co_players, ...r }) => ({
        ...toReservation(r),
        ...withPlayers(co_players ?? []),
      })),
      blocks: row.blocks.map(toBlock),
      noShowPauses: pausesOf(row.no_shows, rules.check_in, today),
      play: {
        rules,
        members,
      },
      bookingRules,
      money: moneyContext(row.money, row.balances, [], {
        categories: new Map([...members].map(([id, member]) => [id, member.category.id])),
        firstCategory: rules.categories[0]!.id,
        // A child's part is their parent's to pay (docs/who-plays.md, "Families").
        payers: new Map(row.members.flatMap((m) => (m.parent_id ? [[m.id, m.parent_id] as const] : []))),
      }),
    };
  });
}

/** A no-show of one of the members a booking concerns. */
type MemberNoShow = NoShow & { user_id: string };

/**
 * Each member's pause (docs/check-in.md) from their no-shows; none while the club asks for no
 * check-in.
 */
function pausesOf(noShows: readonly MemberNoShow[], settings: CheckInSettings, today: string): NoShowPauses {
  const pauses = new Map<string, string>();
  if (!settings.required) return pauses;
  for (const userId of new Set(noShows.map((n) => n.user_id))) {
    const lastDay = pauseEndsOn(
      noShows.filter((n) => n.user_id === userId),
      settings,
      today,
    );
    if (lastDay !== null) pauses.set(userId, lastDay);
  }
  return pauses;
}

/** A changed booking's booker and the members it names now: the change may keep them. */
export async function peopleOf(db: Knex, reservationId: string): Promise<string[]> {
  const rows: { user_id: string }[] = await db
    .select('user_id')
    .from('reservations')
    .where({ id: reservationId })
    .union((q) =>
      q
        .select('user_id')
        .from('reservation_players')
        .where({ reservation_id: reservationId })
        .whereNotNull('user_id'),
    );
  return rows.map((r) => r.user_id);
}

/** Guests' names, beside the event that names them by id and in its transaction: never in the log. */
export async function writeGuests(
  trx: Knex,
  club: Club,
  reservationId: string,
  players: readonly RequestedPlayer[] | undefined,
): Promise<void> {
  const guests = (players ?? []).flatMap((p) =>
    'guest_id' in p
      ? [{ guest_id: p.guest_id, club_id: club._id, reservation_id: reservationId, name: p.guest_name }]
      : [],
  );
  if (guests.length) await trx('reservation_guests').insert(guests);
}
