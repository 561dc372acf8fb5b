/**
 * Property: whatever bookings and changes members ask for, in whatever order, no member ends up
 * over the club's limit (their own bookings and those naming them) or over a weekly quota.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, mondayOf } from '../../src/dates';
import { decide, type ReservationCommand } from '../../src/reservations/decide';
import type { ReservationEvent } from '../../src/reservations/events';
import { replay } from '../../src/reservations/evolve';
import { playRulesOf } from '../../src/players/play-rules';
import { quotaHours, upcomingCount, type PlayContext } from '../../src/players/who-plays';
import { evolveReservation, initialReservationState } from '../../src/reservations/state';
import { club, now } from '../reservations/support/fixtures';
import { bookingRules, type BookingRuleContext } from '../../src/booking-rules/pipeline';

const people = ['u-1', 'u-2', 'u-3', 'u-4', 'u-5'];
const quota = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 };
const play: PlayContext = {
  rules: playRulesOf({ co_players: 'optional', co_players_count: true, quotas: [quota] }),
  members: new Map(people.map((id) => [id, { first_name: 'A', last_name: id, status: 'active' as const }])),
};
const limited = { ...club, reservations_limit: 3 };

const slot = fc.record({
  day: fc.integer({ min: 0, max: 13 }),
  hour: fc.integer({ min: 15, max: 20 }),
  court: fc.constantFrom('1', '2', '3'),
  booker: fc.constantFrom(...people),
  named: fc.subarray(people, { maxLength: 3 }),
});
const step = fc.oneof(
  slot.map((s) => ({ kind: 'make' as const, ...s })),
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), slot }),
);

describe('no sequence of bookings and changes', () => {
  it('lets a member exceed the limit or a quota', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const events: ReservationEvent[] = [];
        steps.forEach((s, n) => {
          const rows = [...replay(events).values()];
          const { day, hour, court, booker, named } = s.kind === 'make' ? s : s.slot;
          const players = named.filter((id) => id !== booker).map((user_id) => ({ user_id }));
          const fields = {
            actor: { user_id: booker, role: 'player' as const },
            court_num: court,
            start_time: hour,
            end_time: hour + 1,
            date: addDays(now.date, day + 1),
            players,
          };
          const own = rows.filter((r) => r.user_id === booker);
          const target = s.kind === 'change' && own.length ? own[s.pick % own.length]! : null;
          const command: ReservationCommand = target
            ? {
                type: 'ChangeReservation',
                reservation_id: target._id,
                new_reservation_id: `s-${n}`,
                ...fields,
              }
            : { type: 'MakeReservation', reservation_id: `r-${n}`, recurring: false, ...fields };
          const state = events
            .filter((e) => e.reservation_id === command.reservation_id)
            .reduce(evolveReservation, initialReservationState);
          const context = {
            club: limited,
            existing: rows,
            blocks: [],
            play,
            noShowPauses: new Map(),
            bookingRules,
          };
          const decision = decide<ReservationCommand, BookingRuleContext>(command, state, context, now);
          if (decision.ok) events.push(...decision.events);
        });
        const rows = [...replay(events).values()];
        for (const person of people) {
          expect(upcomingCount(rows, person, play.rules, now.date)).toBeLessThanOrEqual(3);
          for (const week of [
            mondayOf(addDays(now.date, 1)),
            mondayOf(addDays(now.date, 8)),
            mondayOf(addDays(now.date, 14)),
          ]) {
            expect(quotaHours(rows, person, quota, week)).toBeLessThanOrEqual(quota.hours_per_week);
          }
        }
      }),
      { numRuns: 300, seed: 33 },
    );
  });
});
