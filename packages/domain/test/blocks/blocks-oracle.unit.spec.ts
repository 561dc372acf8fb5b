/**
 * The block rules against a day-by-day, hour-by-hour oracle: on thousands of generated bookings and
 * blocks, "the booking runs into the block" and "these occurrences are cancelled" must say exactly
 * what walking every day and every hour says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/dates';
import { affectedByBlock, blockInTheWay, occurrencesInBlock, type Block } from '../../src/blocks/blocks';
import { bookCourts } from '../../src/reservations/book-courts';
import { replay } from '../../src/reservations/evolve';
import { occursOn } from '../../src/recurrence';
import type { IsoDate, Reservation } from '../../src/types';
import { admin, club, now, play, row } from '../reservations/support/fixtures';
import { bookingRules } from '../../src/booking-rules/pipeline';

/** Thousands of cases each: a loaded machine may take long; what is asserted is the answers. */
const PROPERTY_TIMEOUT_MS = 60_000;

const today = now.date;
const hh = (hour: number) => String(hour).padStart(2, '0');

/** Every (date, hour) the booking occupies from today on, up to `last`. */
function occupied(booking: Reservation, last: IsoDate): [IsoDate, number][] {
  const slots: [IsoDate, number][] = [];
  for (let date = today; date <= last; date = addDays(date, 1)) {
    if (!occursOn(booking, date)) continue;
    for (let hour = booking.start_time; hour < booking.end_time; hour++) slots.push([date, hour]);
  }
  return slots;
}

const inBlock = (block: Block, date: IsoDate, hour: number) =>
  `${date}T${hh(hour)}:00` >= block.from && `${date}T${hh(hour)}:00` < block.until;

const bookingArb = fc
  .record({
    court: fc.integer({ min: 1, max: 3 }),
    start: fc.integer({ min: 8, max: 20 }),
    length: fc.integer({ min: 1, max: 3 }),
    offset: fc.integer({ min: -30, max: 60 }),
    recurring: fc.boolean(),
    deleted: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 3 }),
    ends: fc.option(fc.integer({ min: 1, max: 15 })),
  })
  .map(({ court, start, length, offset, recurring, deleted, ends }) => {
    const date = addDays(today, offset);
    return row({
      _id: `r-${court}-${start}-${offset}`,
      court_num: String(court),
      start_time: start,
      end_time: Math.min(22, start + length),
      date,
      recurring,
      deleted_dates: recurring ? deleted.map((w) => addDays(date, 7 * w)) : [],
      end_date: recurring && ends !== null ? addDays(date, 7 * ends) : null,
    });
  });

const blockArb = fc
  .record({
    courts: fc.subarray(['1', '2', '3'], { minLength: 1 }),
    startDay: fc.integer({ min: 0, max: 40 }),
    startHour: fc.integer({ min: 8, max: 21 }),
    days: fc.integer({ min: 0, max: 20 }),
    hours: fc.integer({ min: 1, max: 14 }),
  })
  .map(({ courts, startDay, startHour, days, hours }): Block => {
    const from = `${addDays(today, startDay)}T${hh(startHour)}:00`;
    const endHour = Math.min(22, startHour + hours);
    const untilDay = addDays(today, startDay + days);
    const until = days === 0 && endHour <= startHour ? `${untilDay}T22:00` : `${untilDay}T${hh(endHour)}:00`;
    return { _id: 'b', club_id: club._id, court_nums: courts, from, until, reason: 'Turnier' };
  });

describe('blocks against the day-by-day oracle', () => {
  it(
    'a booking runs into a block exactly when one of its hours from today on lies in it',
    () => {
      fc.assert(
        fc.property(bookingArb, blockArb, (booking, block) => {
          const last = block.until.slice(0, 10);
          const expected = block.court_nums.includes(booking.court_num)
            ? occupied(booking, last).find(([date, hour]) => inBlock(block, date, hour))
            : undefined;
          const refusal = blockInTheWay(booking, [block], today);
          expect(refusal !== null).toBe(expected !== undefined);
          if (expected) expect(refusal).toContain(`um ${hh(expected[1])}:00 Uhr`);
        }),
        { numRuns: 3000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'a block cancels exactly the occurrences that have an hour in it',
    () => {
      fc.assert(
        fc.property(fc.array(bookingArb, { maxLength: 6 }), blockArb, (bookings, block) => {
          const last = block.until.slice(0, 10);
          const expected = bookings
            .flatMap((b) => {
              if (!block.court_nums.includes(b.court_num)) return [];
              const dates = new Set(
                occupied(b, last)
                  .filter(([d, h]) => inBlock(block, d, h))
                  .map(([d]) => d),
              );
              return [...dates].map((date) => `${b._id}@${date}`);
            })
            .sort();
          const actual = affectedByBlock(block, bookings, today)
            .map((hit) => `${hit.reservation._id}@${hit.date}`)
            .sort();
          expect(actual).toEqual(expected);
          for (const b of bookings)
            expect(occurrencesInBlock(b, block, today).every((h) => h.date >= today)).toBe(true);
        }),
        { numRuns: 2000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'a group over several courts is refused exactly when one of its courts is taken at one of its hours',
    () => {
      fc.assert(
        fc.property(
          fc.array(bookingArb, { maxLength: 5 }),
          fc.subarray(['1', '2', '3'], { minLength: 1 }),
          bookingArb,
          (existing, courts, wanted) => {
            const start = wanted.date > today ? wanted.date : today;
            const command = {
              type: 'BookCourts' as const,
              group_id: 'g',
              reservation_ids: courts.map((c) => `new-${c}`),
              court_nums: courts,
              actor: admin,
              start_time: wanted.start_time,
              end_time: wanted.end_time,
              date: start,
              label: null,
              recurring: wanted.recurring,
              players: [],
            };
            const decision = bookCourts(
              command,
              {
                club: { ...club, courts_count: 3 },
                existing,
                blocks: [],
                play,
                noShowPauses: new Map(),
                bookingRules,
              },
              { ...now, hour: 0 },
            );
            const horizon = addDays(start, 7 * 30);
            const clash = courts.some((court) => {
              const candidate = row({
                ...command,
                _id: `new-${court}`,
                court_num: court,
                deleted_dates: [],
                end_date: null,
              });
              const mine = new Set(occupied(candidate, horizon).map(([d, h]) => `${d}T${h}`));
              return existing.some(
                (other) =>
                  other.court_num === court &&
                  occupied(other, horizon).some(([d, h]) => mine.has(`${d}T${h}`)),
              );
            });
            if (decision.ok) {
              expect(clash).toBe(false);
              const rows = [...replay(decision.events).values()];
              expect(rows.map((r) => r.court_num)).toEqual(courts);
              expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set(['g']));
            } else {
              expect(decision.error.kind).toBe('conflict');
              expect(clash).toBe(true);
            }
          },
        ),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
