/**
 * What a booking costs whom, and the account lines a change to bookings causes
 * (docs/architecture/money.md, "Charges"). A member's game is charged when it is booked, at the
 * prices of that moment; cancelling it (an admin, a court block, or the member before the
 * deadline — after it a member cannot cancel) credits back what was charged; a move charges or
 * credits the difference; a named member who leaves a shared fee is credited their share, which
 * the others take over. Every line is the difference between what a member should have been
 * charged for a booking and what they have been, so a line can never be counted twice.
 */
import { splitCents, sumCents, toCents, ZERO_CENTS, type Cents } from '../cents';
import { courtName } from '../courts';
import { describeSlot } from '../mail/slot';
import type { ReservationEvent } from '../reservations/events';
import type { PriceRule, Payment } from '../schemas';
import type { Club, CoPlayer, IsoDate, PlayerRef, Reservation } from '../types';
import type { AccountCharged, AccountCredited, AccountEvent } from '../money/account-events';
import { isPlay } from '../players/who-plays';
import { priceOfBooking, type PriceLine } from '../money/prices';

/** What the money of a command is decided on. Every part required: none means "nothing to check". */
export interface MoneyContext {
  payment: Payment;
  prices: readonly PriceRule[];
  split_court_fee: boolean;
  /** The balance of each member the command involves (positive: owes the club); absent is 0. */
  balances: ReadonlyMap<string, Cents>;
  /** For each booking the command may change, what each member has been charged for it, net. */
  charged: ReadonlyMap<string, ReadonlyMap<string, Cents>>;
  /**
   * Each involved member's category today (docs/who-plays.md, "Member categories"), which some
   * prices depend on; a member not held here is in `firstCategory`, as everywhere else.
   */
  categories: ReadonlyMap<string, string>;
  firstCategory: string;
  /**
   * Whose account pays for an involved member: a child's parent (docs/who-plays.md, "Families"); a
   * member not held here pays for themselves.
   */
  payers: ReadonlyMap<string, string>;
}

/** The account a member's part of a booking is charged to: their own, or a child's parent's. */
const payerOf = (money: Pick<MoneyContext, 'payers'>, member: string): string =>
  money.payers.get(member) ?? member;

/** A club that charges nothing (every club before money existed, and any with `payment: none`). */
export const chargesNothing = (money: Pick<MoneyContext, 'payment'>): boolean => money.payment === 'none';

/** A game a member plays is charged; a series, a group of courts or a labelled booking is the club's. */
export const isCharged = (booking: Pick<Reservation, 'recurring' | 'group_id' | 'label'>): boolean =>
  !booking.recurring && isPlay(booking);

/** A booking as its charges see it: the slot, whose it is, who plays with whom. */
export interface ChargedBooking {
  booker: string;
  court_num: string;
  date: IsoDate;
  start_time: number;
  end_time: number;
  /** Guests carry the fee the club asked when they were named (`PlayerRef`). */
  players: readonly (CoPlayer | PlayerRef)[];
}

/** One member's part of a booking's price: the cents, and for the booker the price's lines. */
export interface Share {
  cents: Cents;
  lines?: PriceLine[];
}

/** Guests' fees of a booking: each guest's fee per hour, for every hour; all the booker's. */
function guestFees(booking: ChargedBooking, guestFeeCents: number | undefined): Cents {
  const hours = booking.end_time - booking.start_time;
  return sumCents(
    booking.players.flatMap((p) => {
      if (!('guest_id' in p)) return [];
      const fee = 'fee_cents' in p ? p.fee_cents : (guestFeeCents ?? 0);
      return [toCents(fee * hours)];
    }),
  );
}

/**
 * Who pays what for a booking: the court's price at these prices, shared equally by the booker and
 * the named members when the club splits it (the booker takes the remainder cent), and the guests'
 * fees, which are the booker's. `guestFeeCents` prices guests asked for but not yet recorded.
 */
export function sharesOf(
  booking: ChargedBooking,
  money: Pick<MoneyContext, 'prices' | 'split_court_fee' | 'categories' | 'firstCategory' | 'payers'>,
  guestFeeCents?: number,
): Map<string, Share> {
  const price = priceOfBooking(money.prices, {
    court_num: booking.court_num,
    date: booking.date,
    start_time: booking.start_time,
    hours: booking.end_time - booking.start_time,
    category_id: money.categories.get(booking.booker) ?? money.firstCategory,
  });
  const named = booking.players.flatMap((p) =>
    'user_id' in p && p.user_id !== booking.booker ? [p.user_id] : [],
  );
  const people = money.split_court_fee ? [booking.booker, ...new Set(named)] : [booking.booker];
  const courtShares = splitCents(price.cents, people.length);
  const guests = guestFees(booking, guestFeeCents);
  // By the account that pays: a parent pays their children's parts, added to their own.
  const shares = new Map<string, Share>();
  people.forEach((person, index) => {
    const cents = index === 0 ? sumCents([courtShares[0]!, guests]) : courtShares[index]!;
    const account = payerOf(money, person);
    const had = shares.get(account);
    const lines = index === 0 ? bookerLines(price.lines, guests) : had?.lines;
    shares.set(account, { cents: sumCents([had?.cents ?? 0, cents]), ...(lines ? { lines } : {}) });
  });
  return shares;
}

export const chargeTexts = {
  booking: (slot: string): string => `Buchung ${slot}`,
  share: (slot: string): string => `Anteil an Buchung ${slot}`,
  moved: (slot: string): string => `Umbuchung ${slot}`,
  cancelled: (slot: string): string => `Gutschrift Storno ${slot}`,
  cancelledUnknown: 'Gutschrift Storno',
  left: (slot: string): string => `Gutschrift: nicht mehr Mitspieler bei ${slot}`,
  takenOver: (slot: string): string => `Anteil übernommen ${slot}`,
  guests: 'Gastgebühr',
} as const;

function bookerLines(lines: readonly PriceLine[], guests: Cents): PriceLine[] {
  return guests > 0 ? [...lines, { label: chargeTexts.guests, cents: guests }] : [...lines];
}

/** The words of a booking's slot on an account line: "Platz 5, Di., 01.12.2026, 19-20 Uhr". */
const slotOf = (
  club: Pick<Club, 'court_names'>,
  b: Pick<ChargedBooking, 'court_num' | 'date' | 'start_time' | 'end_time'>,
) =>
  describeSlot({
    court: b.court_num,
    court_name: courtName(club, b.court_num),
    date: b.date,
    start: b.start_time,
    end: b.end_time,
  });

type Nets = Map<string, Map<string, Cents>>;

/** The lines that bring each member's net for a booking from what it is to what it should be. */
function settle(
  nets: Nets,
  reservationId: string,
  wanted: ReadonlyMap<string, Share>,
  texts: { charge: (person: string) => string; credit: string },
): AccountEvent[] {
  const net = nets.get(reservationId) ?? new Map<string, Cents>();
  const people = new Set([...net.keys(), ...wanted.keys()]);
  const lines: AccountEvent[] = [];
  for (const person of people) {
    const had = net.get(person) ?? ZERO_CENTS;
    const share = wanted.get(person);
    const difference = (share?.cents ?? 0) - had;
    if (difference > 0)
      lines.push(
        charge(
          person,
          reservationId,
          toCents(difference),
          texts.charge(person),
          difference === share?.cents ? share.lines : undefined,
        ),
      );
    if (difference < 0) lines.push(credit(person, reservationId, toCents(-difference), texts.credit));
    net.set(person, share?.cents ?? ZERO_CENTS);
  }
  nets.set(reservationId, net);
  return lines;
}

const charge = (
  account_id: string,
  reservation_id: string,
  cents: Cents,
  text: string,
  lines?: PriceLine[],
): AccountCharged => ({
  type: 'AccountCharged',
  account_id,
  data: { cents, text, reservation_id, ...(lines?.length ? { lines } : {}) },
});

const credit = (account_id: string, reservation_id: string, cents: Cents, text: string): AccountCredited => ({
  type: 'AccountCredited',
  account_id,
  data: { cents, text, reservation_id },
});

/** Bookings as the command found them, by id; a booking the command makes is not among them. */
export type BookingsBefore = (reservationId: string) => Reservation | null;

/**
 * The account lines a command's reservation events cause, at the club's prices now. Nothing for a
 * club that charges nothing (its members' accounts stay empty), but what it charged before it
 * stopped is credited when those bookings are cancelled or changed.
 */
export function accountLinesFor(
  events: readonly ReservationEvent[],
  before: BookingsBefore,
  money: MoneyContext,
  club: Pick<Club, 'court_names'>,
): AccountEvent[] {
  // A club that stopped charging still credits what it charged before, when those bookings change.
  if (chargesNothing(money) && money.charged.size === 0) return [];
  const shares = (booking: ChargedBooking) =>
    chargesNothing(money) ? new Map<string, Share>() : sharesOf(booking, money);
  const nets: Nets = new Map([...money.charged].map(([id, net]) => [id, new Map(net)]));
  const known = new Map<string, Reservation | null>();
  const bookingOf = (id: string) => (known.has(id) ? known.get(id)! : before(id));
  const lines: AccountEvent[] = [];
  for (const event of events) {
    const id = event.reservation_id;
    switch (event.type) {
      case 'ReservationMade': {
        const made = event.data;
        if (!isCharged(made) || made.moved_from) break;
        const booking = { ...made, booker: made.user_id, players: made.players ?? [] };
        const slot = slotOf(club, booking);
        lines.push(
          ...settle(nets, id, shares(booking), {
            charge: (account) =>
              account === payerOf(money, made.user_id) ? chargeTexts.booking(slot) : chargeTexts.share(slot),
            credit: chargeTexts.cancelled(slot),
          }),
        );
        break;
      }
      case 'ReservationChanged': {
        const was = bookingOf(id);
        if (!was || !isCharged(was)) break;
        const booking = {
          ...event.data,
          booker: was.user_id,
          players: event.data.players ?? was.co_players ?? [],
        };
        const slot = slotOf(club, booking);
        lines.push(
          ...settle(nets, id, shares(booking), {
            charge: () => chargeTexts.moved(slot),
            credit: chargeTexts.moved(slot),
          }),
        );
        const { court_num, date, start_time, end_time } = event.data;
        known.set(id, { ...was, court_num, date, start_time, end_time, co_players: [...booking.players] });
        break;
      }
      case 'ReservationCancelled': {
        const was = bookingOf(id);
        const text = was ? chargeTexts.cancelled(slotOf(club, was)) : chargeTexts.cancelledUnknown;
        lines.push(...settle(nets, id, new Map(), { charge: () => text, credit: text }));
        known.set(id, null);
        break;
      }
      case 'CoPlayerLeft': {
        const was = bookingOf(id);
        if (!was) break;
        lines.push(...leaving(nets, id, event.data.user_id, was, club, money));
        break;
      }
      // A series is not charged: a cancelled date or an ended series has nothing to give back.
      case 'OccurrenceCancelled':
      case 'SeriesEnded':
        break;
    }
  }
  return lines;
}

/** The booker and the members a booking names. */
const memberIdsOf = (booking: Reservation): string[] => [
  booking.user_id,
  ...(booking.co_players ?? []).flatMap((p) => ('user_id' in p ? [p.user_id] : [])),
];

/** A named member leaves: their share back to them, shared by those who still play (booker first). */
function leaving(
  nets: Nets,
  id: string,
  leaver: string,
  was: Reservation,
  club: Pick<Club, 'court_names'>,
  money: Pick<MoneyContext, 'payers'>,
): AccountEvent[] {
  const net = nets.get(id);
  const leaving = payerOf(money, leaver);
  const booker = payerOf(money, was.user_id);
  const share = net?.get(leaving) ?? ZERO_CENTS;
  // A parent whose child leaves while they or another child of theirs stay keeps paying it all.
  const staying = memberIdsOf(was).filter((member) => member !== leaver);
  if (!net || share <= 0 || staying.some((member) => payerOf(money, member) === leaving)) return [];
  const stay = [booker, ...[...net.keys()].filter((p) => p !== leaving && p !== booker)];
  const parts = splitCents(share, stay.length);
  const wanted = new Map<string, Share>(
    [...net].filter(([p]) => p !== leaving).map(([p, cents]) => [p, { cents }]),
  );
  stay.forEach((p, index) => wanted.set(p, { cents: sumCents([wanted.get(p)?.cents ?? 0, parts[index]!]) }));
  const slot = slotOf(club, was);
  return settle(nets, id, wanted, {
    charge: () => chargeTexts.takenOver(slot),
    credit: chargeTexts.left(slot),
  });
}
