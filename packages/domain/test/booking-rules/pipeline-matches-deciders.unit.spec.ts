/**
 * Property: the pipeline of booking rules answers every booking exactly as the deciders' own
 * checks did before it (court, hours, role, who is named, past, horizon, limit, the court free and
 * open, one court at a time, named members' limits, quotas), over random clubs, bookings, blocks
 * and requests: the same refusal, or none. Two worlds: a wide one where anything may be asked, and
 * a crowded one (two courts, a week, the evening) where bookings, blocks, players and quotas meet.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../src/blocks/blocks';
import { firstRefusal } from '../../src/booking-rules/pipeline';
import type { AskedBooking } from '../../src/booking-rules/rule';
import { addDays } from '../../src/dates';
import { playRulesOf } from '../../src/players/play-rules';
import type { CoPlayer, PlayContext } from '../../src/players/rules';
import { bookingError, conflictError, peopleError } from '../../src/reservations/make-reservation';
import type { Club, Reservation } from '../../src/types';
import { club as baseClub, now } from '../reservations/support/fixtures';

const people = ['u-1', 'u-2', 'u-3', 'u-4', 'u-5', 'u-6'];

interface World {
  days: number;
  courts: readonly string[];
  firstHour: number;
  lastHour: number;
  coPlayers: readonly ('off' | 'optional' | 'required')[];
  /** How much likelier the usual is than the rare: the crowded world mostly asks what passes the slot's rules. */
  usual: number;
}
const wide: World = {
  days: 40,
  courts: ['1', '2', '3'],
  firstHour: 8,
  lastHour: 20,
  coPlayers: ['off', 'optional', 'required'],
  usual: 6,
};
const crowded: World = {
  days: 6,
  courts: ['1', '2'],
  firstHour: 17,
  lastHour: 19,
  coPlayers: ['optional', 'required'],
  usual: 40,
};

function arbitraries(world: World) {
  /** Mostly the usual, sometimes the rare: every rule down the list gets its turn. */
  const often = <T>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) =>
    fc.oneof({ weight: world.usual, arbitrary: usual }, { weight: 1, arbitrary: rare });
  const realDate = fc.integer({ min: -1, max: world.days }).map((days) => addDays(now.date, days));
  const anyDate = often(realDate, fc.constantFrom('2026-02-30', '2029-01-05', 'morgen'));
  const hours = fc
    .record({
      start: often(
        fc.integer({ min: world.firstHour, max: world.lastHour }),
        fc.integer({ min: 5, max: 23 }),
      ),
      length: often(fc.constant(1), fc.integer({ min: 0, max: 12 })),
    })
    .map(({ start, length }) => ({ start_time: start, end_time: start + length }));
  const slotOn = (date: fc.Arbitrary<string>) =>
    fc.record({
      court_num: often(fc.constantFrom(...world.courts), fc.constantFrom('4', '7', '01')),
      date,
      hours,
      recurring: often(fc.constant(false), fc.constant(true)),
      label: often(fc.constant(null), fc.constantFrom('', 'Training', 'x'.repeat(41))),
    });
  const quota = fc.record({
    days: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    from_hour: fc.integer({ min: 8, max: 18 }),
    to_hour: fc.integer({ min: 19, max: 22 }),
    hours_per_week: fc.integer({ min: 1, max: 3 }),
  });
  const club: fc.Arbitrary<Club> = fc
    .record({
      courts_count: often(fc.constant(4), fc.integer({ min: 1, max: 6 })),
      reservations_limit: fc.integer({ min: 0, max: 3 }),
      start_hour: often(fc.constant(8), fc.integer({ min: 6, max: 10 })),
      end_hour: often(fc.constant(22), fc.integer({ min: 18, max: 23 })),
      booking_horizon_days: fc.constantFrom(null, 7, 14),
    })
    .map((fields) => ({ ...baseClub, ...fields }));
  const play: fc.Arbitrary<PlayContext> = fc
    .record({
      co_players: fc.constantFrom(...world.coPlayers),
      co_players_count: fc.boolean(),
      doubles_hours: fc.constantFrom(1, 2),
      guests: fc.boolean(),
      quotas: fc.array(quota, { maxLength: 2 }),
      quota_exempt_hours: fc.constantFrom(0, 24),
      inactive: fc.subarray(people, { maxLength: 1 }),
    })
    .map(({ inactive, ...rules }) => ({
      rules: playRulesOf(rules),
      members: new Map(
        people.map((id) => [
          id,
          {
            first_name: 'A',
            last_name: id,
            status: inactive.includes(id) ? ('inactive' as const) : ('active' as const),
          },
        ]),
      ),
    }));
  const member = fc.constantFrom(...people).map((user_id) => ({ user_id }));
  const player: fc.Arbitrary<CoPlayer> = often(
    member,
    fc.oneof(
      fc.constantFrom('Gerda Gast', 'A ', 'R2D2').map((guest_name) => ({ guest_id: 'g-new', guest_name })),
      fc.constant({ guest_id: 'g-old', fee_cents: 500 }),
    ),
  );
  const existing: fc.Arbitrary<Reservation[]> = fc
    .array(
      fc.record({
        slot: slotOn(realDate),
        user_id: fc.constantFrom(...people),
        players: fc.array(member, { maxLength: 3 }),
      }),
      { maxLength: 12 },
    )
    .map((rows) =>
      rows.map(({ slot, user_id, players }, n) => ({
        _id: `r-${n}`,
        club_id: baseClub._id,
        user_id,
        court_num: slot.court_num,
        date: slot.date,
        ...slot.hours,
        recurring: slot.recurring,
        label: slot.label,
        deleted_dates: [],
        end_date: null,
        co_players: players,
      })),
    );
  const blocks: fc.Arbitrary<Block[]> = fc
    .array(
      fc.record({
        court: fc.constantFrom(...world.courts),
        day: fc.integer({ min: 0, max: world.days }),
        from: fc.integer({ min: world.firstHour, max: world.lastHour }),
      }),
      { maxLength: 2 },
    )
    .map((list) =>
      list.map(({ court, day, from }, n) => ({
        _id: `b-${n}`,
        club_id: baseClub._id,
        court_nums: [court],
        from: `${addDays(now.date, day)}T${String(from).padStart(2, '0')}:00`,
        until: `${addDays(now.date, day)}T${String(from + 2).padStart(2, '0')}:00`,
        reason: 'Platzpflege',
      })),
    );
  const asked = fc.record({
    slot: slotOn(anyDate),
    actor: fc.record({
      user_id: fc.constantFrom(...people),
      role: often(fc.constant('player' as const), fc.constant('admin' as const)),
    }),
    booker: fc.option(fc.constantFrom(...people), { nil: undefined }),
    players: often(fc.array(player, { maxLength: 3 }), fc.array(player, { maxLength: 4 })),
    hour: often(fc.integer({ min: 0, max: world.firstHour - 1 }), fc.integer({ min: 0, max: 23 })),
  });
  return [club, play, existing, blocks, asked] as const;
}

describe('the pipeline of booking rules', () => {
  it.each([
    ['a wide world', wide],
    ['a crowded evening', crowded],
  ])(
    'in %s, refuses what the deciders refused, with the same words, and accepts what they accepted',
    (_name, world) => {
      fc.assert(
        fc.property(...arbitraries(world), (club, play, existing, blocks, request) => {
          const at = { ...now, hour: request.hour };
          const { slot } = request;
          const booking: AskedBooking = {
            club_id: club._id,
            court_num: slot.court_num,
            date: slot.date,
            ...slot.hours,
            recurring: slot.recurring,
            label: slot.label,
            deleted_dates: [],
            end_date: null,
            actor: request.actor,
            booker: request.booker ?? request.actor.user_id,
            players: request.players,
          };
          const context = { club, existing, blocks, play };
          const asked = { ...booking, booker: request.booker };
          const before =
            bookingError(asked, context, at) ??
            conflictError(booking, existing, at.date, blocks) ??
            peopleError(asked, context, at);
          expect(firstRefusal(booking, context, at)).toEqual(before);
        }),
        { numRuns: 6000 },
      );
    },
  );
});
