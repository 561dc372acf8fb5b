/**
 * What a command's money is decided on (docs/architecture/money.md, "Charges"): the club's way of
 * paying and its prices, the balances of the members involved, and what each has been charged for
 * the bookings the command may change. Read under the club's lock, like the rest of a context.
 */
import type { Knex } from 'knex';
import { sumCents, toCents, type Cents } from '@platzbuchung/domain/cents';
import { isAccountEvent } from '@platzbuchung/domain/money/account-events';
import { signedCents } from '@platzbuchung/domain/money/account';
import type { MoneyContext } from '@platzbuchung/domain/billing/charges';
import type { Payment, PlayRules, PriceRule } from '@platzbuchung/domain/schemas';
import { memberCategory, type CategorizedMember } from '@platzbuchung/domain/categories/categories';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { DomainEvent } from '@platzbuchung/domain/events/catalogue';

/** The club's columns a money context starts from, as `loadBookingContexts` reads them in JSON. */
export interface ClubMoneyRow {
  payment: Payment;
  prices: PriceRule[];
  split_court_fee: boolean;
}

/**
 * What a money context knows of the involved members: each one's category today (the club's first
 * for everyone else), and who pays for a child.
 */
export interface MemberFacts {
  categories: ReadonlyMap<string, string>;
  firstCategory: string;
  payers: ReadonlyMap<string, string>;
}

/** What a member has been charged, net, for one booking, as `chargedFor` reads it. */
type ChargedRow = { reservation_id: string; user_id: string; cents: number | string };

/** The charged rows by booking, then by member. */
function netsOf(rows: readonly ChargedRow[]): Map<string, Map<string, Cents>> {
  const nets = new Map<string, Map<string, Cents>>();
  for (const row of rows) {
    const net = nets.get(row.reservation_id) ?? new Map<string, Cents>();
    net.set(row.user_id, toCents(Number(row.cents)));
    nets.set(row.reservation_id, net);
  }
  return nets;
}

/** A money context from the club's row, the members' balances and categories, and their charges per booking. */
export function moneyContext(
  club: ClubMoneyRow,
  balances: Readonly<Record<string, number | string>>,
  charged: readonly ChargedRow[],
  members: MemberFacts,
): MoneyContext {
  return {
    payment: club.payment,
    prices: club.prices,
    split_court_fee: club.split_court_fee,
    balances: new Map(Object.entries(balances).map(([user, cents]) => [user, toCents(Number(cents))])),
    charged: netsOf(charged),
    ...members,
  };
}

/** What each member has been charged, net, for each of these bookings (charges less credits). */
export function chargedFor(db: Knex, reservationIds: readonly string[]) {
  return db('account_entries')
    .whereIn('reservation_id', reservationIds as string[])
    .whereIn('kind', ['charge', 'credit'])
    .groupBy('reservation_id', 'user_id')
    .select('reservation_id', 'user_id', db.raw('sum(cents)::bigint AS cents')) as unknown as Promise<
    ChargedRow[]
  >;
}

/**
 * The money context of a command on existing bookings: a cancellation, a block, a member leaving
 * (which may shorten the booking, priced anew by its booker's category on `today`).
 */
export async function loadMoneyContext(
  db: Knex,
  clubId: string,
  reservationIds: readonly string[],
  today: string,
): Promise<MoneyContext> {
  const club: ClubMoneyRow & { play_rules: Partial<PlayRules> | null } = await db('clubs')
    .where({ id: clubId })
    .first('payment', 'prices', 'split_court_fee', 'play_rules');
  const bookers: ({ user_id: string; parent_id: string | null } & CategorizedMember)[] = reservationIds.length
    ? await db('reservations as r')
        .join('users as u', 'u.id', 'r.user_id')
        .whereIn('r.id', reservationIds as string[])
        .distinct('r.user_id', 'u.category_id', 'u.birth_year', 'u.parent_id')
    : [];
  const rules = playRulesOf(club.play_rules ?? {});
  const categories = new Map(bookers.map((b) => [b.user_id, memberCategory(rules, b, today).id]));
  const charged = reservationIds.length ? await chargedFor(db, reservationIds) : [];
  // Nobody is refused for money here (no booking, no move that costs more): no balance is read.
  const payers = new Map(bookers.flatMap((b) => (b.parent_id ? [[b.user_id, b.parent_id] as const] : [])));
  return moneyContext(club, {}, charged, { categories, firstCategory: rules.categories[0]!.id, payers });
}

/** The money context after a command's account lines: for the next command of a batch. */
export function moneyAfter(money: MoneyContext, events: readonly DomainEvent[]): MoneyContext {
  const lines = events.filter(isAccountEvent);
  if (!lines.length) return money;
  const balances = new Map(money.balances);
  const charged = new Map([...money.charged].map(([id, net]) => [id, new Map(net)]));
  for (const line of lines) {
    const cents = signedCents(line);
    balances.set(line.account_id, sumCents([balances.get(line.account_id) ?? 0, cents]));
    const reservationId = 'reservation_id' in line.data ? line.data.reservation_id : undefined;
    if (!reservationId) continue;
    const net = charged.get(reservationId) ?? new Map<string, Cents>();
    net.set(line.account_id, sumCents([net.get(line.account_id) ?? 0, cents]));
    charged.set(reservationId, net);
  }
  return { ...money, balances, charged };
}

/** A booking context with what each member has been charged for the bookings a command changes. */
export async function withChargesOf<Ctx extends { money: MoneyContext }>(
  db: Knex,
  context: Ctx,
  reservationIds: readonly string[],
): Promise<Ctx> {
  const charged = netsOf(await chargedFor(db, reservationIds));
  return { ...context, money: { ...context.money, charged } };
}
