/**
 * What a change to bookings charges whom (docs/architecture/money.md, "Charges"): given what each
 * member was charged, when the bookings change, then these account lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCents, toCents, type Cents } from '../../src/cents';
import { accountLinesFor, type MoneyContext } from '../../src/billing/charges';
import { uncoveredCharge } from '../../src/billing/rules/prepaid';
import { accountTexts, signedCents } from '../../src/money/account';
import type { AccountEvent } from '../../src/money/account-events';
import type { ReservationEvent, ReservationMade } from '../../src/reservations/events';
import type { PriceRule } from '../../src/schemas';
import type { Reservation } from '../../src/types';

const CLUB = '00000000-0000-4000-8000-0000000000c1';
const ANNA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const CARL = '00000000-0000-4000-8000-00000000000c';
const BOOKING = '00000000-0000-4000-8000-0000000000b1';
const GUEST = '00000000-0000-4000-8000-0000000000f1';

const hall: PriceRule = {
  label: 'Hallenmiete',
  courts: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: 8,
  to_hour: 22,
  cents_per_hour: 1800,
};
const light: PriceRule = {
  label: 'Flutlicht',
  courts: null,
  days: [1, 2, 3, 4, 5],
  from_hour: 18,
  to_hour: 22,
  cents_per_hour: 300,
};

const money = (over: Partial<MoneyContext> = {}): MoneyContext => ({
  payment: 'account',
  prices: [hall, light],
  split_court_fee: false,
  balances: new Map(),
  charged: new Map(),
  categories: new Map(),
  firstCategory: 'mitglied',
  payers: new Map(),
  ...over,
});

const club = { court_names: {} };
const nothingBefore = () => null;

/** Tuesday 1 December 2026, 19-20 Uhr on court 5: hall and floodlight, 21,00 €. */
const made = (players: ReservationMade['data']['players'] = undefined, hours = 1): ReservationMade => ({
  type: 'ReservationMade',
  reservation_id: BOOKING,
  data: {
    club_id: CLUB,
    user_id: ANNA,
    court_num: '5',
    date: '2026-12-01',
    start_time: 19,
    end_time: 19 + hours,
    recurring: false,
    ...(players ? { players } : {}),
  },
});

const SLOT = 'Platz 5, Di., 01.12.2026, 19-20 Uhr';

const booking = (over: Partial<Reservation> = {}): Reservation => ({
  _id: BOOKING,
  club_id: CLUB,
  user_id: ANNA,
  court_num: '5',
  date: '2026-12-01',
  start_time: 19,
  end_time: 20,
  recurring: false,
  deleted_dates: [],
  end_date: null,
  ...over,
});

const charged = (nets: Record<string, number>) =>
  new Map([[BOOKING, new Map(Object.entries(nets).map(([who, cents]) => [who, toCents(cents)]))]]);

const lines = (
  events: ReservationEvent[],
  context: MoneyContext,
  before: (id: string) => Reservation | null = nothingBefore,
) => accountLinesFor(events, before, context, club);

describe('charges', () => {
  describe('when a member books', () => {
    it('charges the booker the hour’s price, its lines kept with it', () => {
      expect(lines([made()], money())).toEqual([
        {
          type: 'AccountCharged',
          account_id: ANNA,
          data: {
            cents: 2100,
            text: `Buchung ${SLOT}`,
            reservation_id: BOOKING,
            lines: [
              { label: 'Hallenmiete', cents: 1800 },
              { label: 'Flutlicht', cents: 300 },
            ],
          },
        },
      ]);
    });

    it('charges the price of the booker’s category: a junior pays the junior rate', () => {
      const juniorRate: PriceRule = {
        ...hall,
        label: 'Jugendtarif',
        cents_per_hour: 500,
        categories: ['jugend'],
      };
      const adultRate: PriceRule = { ...hall, categories: ['mitglied'] };
      const prices = [juniorRate, adultRate];
      const asJunior = lines([made()], money({ prices, categories: new Map([[ANNA, 'jugend']]) }));
      expect(asJunior.map((e) => e.data.cents)).toEqual([500]);
      expect(lines([made()], money({ prices })).map((e) => e.data.cents)).toEqual([1800]);
    });

    it('charges nothing where the club does not charge: today’s clubs see no change', () => {
      expect(lines([made()], money({ payment: 'none' }))).toEqual([]);
    });

    it('charges a guest’s fee to the booker, per guest and hour', () => {
      const [line] = lines([made([{ guest_id: GUEST, fee_cents: 500 }], 2)], money());
      expect(line!.account_id).toBe(ANNA);
      expect(line!.data.cents).toBe(1800 + 300 + 1800 + 300 + 2 * 500);
    });

    it('shares the court fee with named members when the club splits it, the booker taking the remainder cent', () => {
      const odd: PriceRule = { ...hall, cents_per_hour: 1000 };
      const events = lines(
        [made([{ user_id: BEN }, { user_id: CARL }])],
        money({ prices: [odd], split_court_fee: true }),
      );
      expect(events.map((e) => [e.account_id, e.data.cents, e.data.text])).toEqual([
        [ANNA, 334, `Buchung ${SLOT}`],
        [BEN, 333, `Anteil an Buchung ${SLOT}`],
        [CARL, 333, `Anteil an Buchung ${SLOT}`],
      ]);
    });

    it('charges nothing for a series, a group of courts or a labelled booking: those are the club’s', () => {
      const series = { ...made(), data: { ...made().data, recurring: true } };
      const group = { ...made(), data: { ...made().data, group_id: CARL } };
      const labelled = { ...made(), data: { ...made().data, label: 'Training' } };
      expect(lines([series, group, labelled], money())).toEqual([]);
    });
  });

  describe('when a parent’s child plays', () => {
    const family = (over: Partial<MoneyContext> = {}) => money({ payers: new Map([[BEN, CARL]]), ...over });

    it('charges the child’s booking to the parent’s account, as the booking', () => {
      const child = { ...made(), data: { ...made().data, user_id: BEN } };
      expect(lines([child], family()).map((e) => [e.account_id, e.data.cents, e.data.text])).toEqual([
        [CARL, 2100, `Buchung ${SLOT}`],
      ]);
    });

    it('adds a named child’s share to the parent’s own', () => {
      const events = lines([made([{ user_id: BEN }, { user_id: CARL }])], family({ split_court_fee: true }));
      expect(events.map((e) => [e.account_id, e.data.cents])).toEqual([
        [ANNA, 700],
        [CARL, 1400],
      ]);
    });

    it('gives nothing back when the child leaves and the parent still plays: the family pays it all', () => {
      const left: ReservationEvent = {
        type: 'CoPlayerLeft',
        reservation_id: BOOKING,
        data: { user_id: BEN },
      };
      const before = () => booking({ co_players: [{ user_id: BEN }, { user_id: CARL }] });
      const context = family({ split_court_fee: true, charged: charged({ [ANNA]: 700, [CARL]: 1400 }) });
      expect(lines([left], context, before)).toEqual([]);
    });
  });

  describe('when a charged booking is cancelled', () => {
    it('credits back what each member was charged for it', () => {
      const cancelled: ReservationEvent = {
        type: 'ReservationCancelled',
        reservation_id: BOOKING,
        data: { delete_type: 'once' },
      };
      const events = lines([cancelled], money({ charged: charged({ [ANNA]: 1050, [BEN]: 1050 }) }), () =>
        booking(),
      );
      expect(events).toEqual([
        {
          type: 'AccountCredited',
          account_id: ANNA,
          data: { cents: 1050, text: `Gutschrift Storno ${SLOT}`, reservation_id: BOOKING },
        },
        {
          type: 'AccountCredited',
          account_id: BEN,
          data: { cents: 1050, text: `Gutschrift Storno ${SLOT}`, reservation_id: BOOKING },
        },
      ]);
    });

    it('credits back even after the club stopped charging', () => {
      const cancelled: ReservationEvent = { type: 'ReservationCancelled', reservation_id: BOOKING, data: {} };
      expect(
        lines([cancelled], money({ payment: 'none', charged: charged({ [ANNA]: 2100 }) }), () => booking()),
      ).toHaveLength(1);
    });
  });

  describe('when a charged booking moves', () => {
    it('charges the difference to a dearer hour', () => {
      const moved: ReservationEvent = {
        type: 'ReservationChanged',
        reservation_id: BOOKING,
        data: { court_num: '5', date: '2026-12-01', start_time: 19, end_time: 21 },
      };
      const events = lines([moved], money({ charged: charged({ [ANNA]: 2100 }) }), () => booking());
      expect(events.map((e) => [e.type, e.data.cents])).toEqual([['AccountCharged', 2100]]);
    });

    it('credits the difference to a cheaper one', () => {
      const moved: ReservationEvent = {
        type: 'ReservationChanged',
        reservation_id: BOOKING,
        data: { court_num: '5', date: '2026-12-01', start_time: 10, end_time: 11 },
      };
      const events = lines([moved], money({ charged: charged({ [ANNA]: 2100 }) }), () => booking());
      expect(events.map((e) => [e.type, e.data.cents, e.data.text])).toEqual([
        ['AccountCredited', 300, 'Umbuchung Platz 5, Di., 01.12.2026, 10-11 Uhr'],
      ]);
    });
  });

  describe('when a named member leaves a shared booking', () => {
    it('credits their share, which the booker takes over', () => {
      const left: ReservationEvent = {
        type: 'CoPlayerLeft',
        reservation_id: BOOKING,
        data: { user_id: BEN },
      };
      const before = () => booking({ co_players: [{ user_id: BEN }] });
      const events = lines(
        [left],
        money({ split_court_fee: true, charged: charged({ [ANNA]: 1050, [BEN]: 1050 }) }),
        before,
      );
      expect(events.map((e) => [e.type, e.account_id, e.data.cents])).toEqual([
        ['AccountCharged', ANNA, 1050],
        ['AccountCredited', BEN, 1050],
      ]);
    });
  });
});

describe('a prepaid club', () => {
  const charge = (cents: number, who = ANNA): AccountEvent => ({
    type: 'AccountCharged',
    account_id: who,
    data: { cents, text: 'Buchung', reservation_id: BOOKING },
  });
  const names = () => 'Ben Becker';

  it('refuses a charge the credit does not cover, saying how much is missing', () => {
    const context = money({ payment: 'prepaid', balances: new Map([[ANNA, toCents(-1000)]]) });
    expect(uncoveredCharge([charge(2100)], context, ANNA, names)).toEqual({
      kind: 'payment_required',
      message: accountTexts.notPaid(1100),
    });
  });

  it('names the member whose share is not covered', () => {
    const context = money({ payment: 'prepaid', balances: new Map([[ANNA, toCents(-5000)]]) });
    expect(uncoveredCharge([charge(1050), charge(1050, BEN)], context, ANNA, names)?.message).toBe(
      accountTexts.notPaidBy('Ben Becker', 1050),
    );
  });

  it('lets a booking pass that the credit covers, and any booking where the club is not prepaid', () => {
    const covered = money({ payment: 'prepaid', balances: new Map([[ANNA, toCents(-2100)]]) });
    expect(uncoveredCharge([charge(2100)], covered, ANNA, names)).toBeNull();
    expect(uncoveredCharge([charge(2100)], money(), ANNA, names)).toBeNull();
  });
});

describe('any sequence of bookings, moves, departures and cancellations', () => {
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('change' as const),
      start: fc.integer({ min: 8, max: 20 }),
      hours: fc.integer({ min: 1, max: 2 }),
    }),
    fc.record({ kind: fc.constant('leave' as const) }),
    fc.record({ kind: fc.constant('price' as const), cents: fc.integer({ min: 0, max: 50000 }) }),
  );

  it('charges whole cents only, and a cancellation leaves every member at exactly nothing for the booking', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50000 }),
        fc.boolean(),
        fc.array(step, { maxLength: 8 }),
        (cents, split, steps) => {
          let context = money({ prices: [{ ...hall, cents_per_hour: cents }], split_court_fee: split });
          let current: Reservation | null = null;
          const all: AccountEvent[] = [];
          const apply = (events: ReservationEvent[]) => {
            const produced = accountLinesFor(events, () => current, context, club);
            all.push(...produced);
            const nets = new Map(context.charged.get(BOOKING) ?? []);
            for (const line of produced)
              nets.set(line.account_id, sumCents([nets.get(line.account_id) ?? 0, signedCents(line)]));
            context = { ...context, charged: new Map([[BOOKING, nets as Map<string, Cents>]]) };
          };
          apply([made([{ user_id: BEN }, { user_id: CARL }, { guest_id: GUEST, fee_cents: 500 }])]);
          current = booking({
            co_players: [{ user_id: BEN }, { user_id: CARL }],
          });
          for (const s of steps) {
            if (s.kind === 'price') context = { ...context, prices: [{ ...hall, cents_per_hour: s.cents }] };
            if (s.kind === 'change') {
              const data = {
                court_num: '5',
                date: '2026-12-01',
                start_time: s.start,
                end_time: s.start + s.hours,
              };
              apply([{ type: 'ReservationChanged', reservation_id: BOOKING, data }]);
              current = { ...current, ...data };
            }
            if (s.kind === 'leave' && current.co_players?.some((p) => 'user_id' in p && p.user_id === BEN)) {
              apply([{ type: 'CoPlayerLeft', reservation_id: BOOKING, data: { user_id: BEN } }]);
              current = {
                ...current,
                co_players: current.co_players.filter((p) => !('user_id' in p) || p.user_id !== BEN),
              };
            }
          }
          apply([{ type: 'ReservationCancelled', reservation_id: BOOKING, data: {} }]);
          for (const line of all) {
            expect(Number.isSafeInteger(line.data.cents)).toBe(true);
            expect(line.data.cents).toBeGreaterThan(0);
          }
          for (const person of [ANNA, BEN, CARL]) {
            expect(sumCents(all.filter((l) => l.account_id === person).map(signedCents))).toBe(0);
          }
        },
      ),
    );
  });
});
