import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  blockCourts,
  blockInTheWay,
  blockTexts,
  blockTouches,
  evolveBlock,
  initialBlockState,
  liftBlock,
  type Block,
  type BlockCourts,
} from '../../src/blocks/blocks';
import type { CourtsBlocked } from '../../src/blocks/events';
import { replay } from '../../src/reservations/evolve';
import { makeReservation } from '../../src/reservations/make-reservation';
import type { ReservationEvent } from '../../src/reservations/events';
import { initialReservationState } from '../../src/reservations/state';
import { admin, club, made, makeCommand, now, play, player } from '../reservations/support/fixtures';
import { bookingRules } from '../../src/booking-rules/pipeline';

const command = (fields: Partial<BlockCourts> = {}): BlockCourts => ({
  type: 'BlockCourts',
  block_id: 'b-1',
  actor: admin,
  court_nums: ['1', '2'],
  from: '2026-11-24T14:00',
  until: '2026-11-24T18:00',
  reason: 'Turnier',
  ...fields,
});

const rows = (...events: ReservationEvent[]) => [...replay(events).values()];

describe('closing courts', () => {
  it('cancels a single booking inside, whole, naming block and reason; leaves others alone', () => {
    const inside = made('r-1', { court_num: '1', date: '2026-11-24', start_time: 15, end_time: 16 });
    const otherCourt = made('r-2', { court_num: '3', date: '2026-11-24', start_time: 15, end_time: 16 });
    const later = made('r-3', { court_num: '2', date: '2026-11-24', start_time: 18, end_time: 19 });
    const decision = blockCourts(
      command(),
      initialBlockState,
      { club, existing: rows(inside, otherCourt, later) },
      now,
    );
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'CourtsBlocked',
          block_id: 'b-1',
          data: {
            court_nums: ['1', '2'],
            from: '2026-11-24T14:00',
            until: '2026-11-24T18:00',
            reason: 'Turnier',
          },
        },
        {
          type: 'ReservationCancelled',
          reservation_id: 'r-1',
          data: { delete_type: 'all', block_id: 'b-1', reason: 'Turnier' },
        },
      ],
    });
  });

  it('cancels only the occurrences of a series inside a block over weeks, reaching into it by an hour', () => {
    const training = made('r-1', {
      court_num: '2',
      date: '2026-11-17',
      start_time: 17,
      end_time: 19,
      recurring: true,
    });
    const decision = blockCourts(
      command({ from: '2026-11-24T08:00', until: '2026-12-08T18:00' }),
      initialBlockState,
      { club, existing: rows(training) },
      now,
    );
    expect(decision.ok && decision.events.slice(1)).toEqual([
      {
        type: 'OccurrenceCancelled',
        reservation_id: 'r-1',
        data: { date: '2026-11-24', block_id: 'b-1', reason: 'Turnier' },
      },
      {
        type: 'OccurrenceCancelled',
        reservation_id: 'r-1',
        data: { date: '2026-12-01', block_id: 'b-1', reason: 'Turnier' },
      },
      {
        type: 'OccurrenceCancelled',
        reservation_id: 'r-1',
        data: { date: '2026-12-08', block_id: 'b-1', reason: 'Turnier' },
      },
    ]);
  });

  it('refuses bad input with a German text', () => {
    const refused = (fields: Partial<BlockCourts>) => {
      const decision = blockCourts(command(fields), initialBlockState, { club, existing: [] }, now);
      return decision.ok ? null : decision.error.message;
    };
    expect(refused({ until: '2026-11-24T14:00' })).toBe(blockTexts.untilNotAfterFrom);
    expect(refused({ from: '2026-11-24T06:00' })).toBe(blockTexts.outsideOpeningHours(8, 22));
    expect(refused({ until: '2027-11-26T10:00' })).toBe(blockTexts.tooLong);
    expect(refused({ from: '2026-11-20T10:00' })).toBe(blockTexts.inThePast);
    expect(refused({ court_nums: ['5'] })).toBe(blockTexts.unknownCourt(4));
    expect(refused({ reason: '   ' })).toBe(blockTexts.reasonMissing);
    expect(refused({ reason: 'x'.repeat(201) })).toBe(blockTexts.reasonTooLong);
    expect(refused({ from: '2026-11-24T14:30' })).toBe(blockTexts.invalidMoment);
    expect(refused({ actor: player })).toBe(blockTexts.forAdmins);
  });
});

describe('while a block holds', () => {
  const block: Block = {
    _id: 'b-1',
    club_id: club._id,
    court_nums: ['1'],
    from: '2026-11-24T14:00',
    until: '2026-11-24T18:00',
    reason: 'Frost',
  };

  it('a booking into it is refused, naming court, day, hour and reason', () => {
    const decision = makeReservation(
      makeCommand({ court_num: '1', date: '2026-11-24', start_time: 17, end_time: 18 }),
      initialReservationState,
      { club, existing: [], blocks: [block], play, noShowPauses: new Map(), bookingRules },
      now,
    );
    expect(decision).toEqual({
      ok: false,
      error: { kind: 'conflict', message: 'Platz 1 ist am Di., 24.11.2026 um 17:00 Uhr gesperrt: Frost' },
    });
  });

  it('a weekly series running into it is refused at that week', () => {
    expect(
      blockInTheWay(
        {
          club_id: club._id,
          court_num: '1',
          start_time: 13,
          end_time: 15,
          date: '2026-11-17',
          recurring: true,
          deleted_dates: [],
          end_date: null,
        },
        [block],
        now.date,
      ),
    ).toBe('Platz 1 ist am Di., 24.11.2026 um 14:00 Uhr gesperrt: Frost');
  });

  it('the hours around it and the other courts stay bookable', () => {
    const around = {
      club_id: club._id,
      date: '2026-11-24',
      recurring: false,
      deleted_dates: [],
      end_date: null,
    };
    expect(
      blockInTheWay({ ...around, court_num: '1', start_time: 18, end_time: 19 }, [block], now.date),
    ).toBeNull();
    expect(
      blockInTheWay({ ...around, court_num: '1', start_time: 13, end_time: 14 }, [block], now.date),
    ).toBeNull();
    expect(
      blockInTheWay({ ...around, court_num: '2', start_time: 15, end_time: 16 }, [block], now.date),
    ).toBeNull();
  });

  it('lifting it is recorded once; a lifted or unknown block is not found', () => {
    const active = evolveBlock(initialBlockState, {
      type: 'CourtsBlocked',
      block_id: 'b-1',
      club_id: club._id,
      data: { court_nums: ['1'], from: block.from, until: block.until, reason: 'Frost' },
    });
    const lift = { type: 'LiftBlock', block_id: 'b-1', actor: admin } as const;
    expect(liftBlock(lift, active, club)).toEqual({
      ok: true,
      events: [{ type: 'BlockLifted', block_id: 'b-1', data: {} }],
    });
    const lifted = evolveBlock(active, { type: 'BlockLifted', block_id: 'b-1', club_id: club._id, data: {} });
    expect(liftBlock(lift, lifted, club)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(liftBlock(lift, initialBlockState, club)).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('belongs to the club it was stored under: another club cannot lift it, and no block is folded without one', () => {
    const elsewhere = evolveBlock(initialBlockState, {
      type: 'CourtsBlocked',
      block_id: 'b-1',
      club_id: 'club-2',
      data: { court_nums: ['1'], from: block.from, until: block.until, reason: 'Frost' },
    });
    const lift = { type: 'LiftBlock', block_id: 'b-1', actor: admin } as const;
    expect(liftBlock(lift, elsewhere, club)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expectTypeOf<CourtsBlocked>().not.toExtend<Parameters<typeof evolveBlock>[1]>();
  });

  it('touches the days from its first to its last, an end at midnight not counting the next day', () => {
    expect(blockTouches(block, '2026-11-24', '2026-11-24')).toBe(true);
    expect(blockTouches(block, '2026-11-25', '2026-11-30')).toBe(false);
    expect(
      blockTouches({ from: '2026-11-24T20:00', until: '2026-11-25T00:00' }, '2026-11-25', '2026-11-25'),
    ).toBe(false);
  });
});
