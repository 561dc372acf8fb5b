/**
 * Weekly blocks ("jeden Dienstag 8–10 Uhr Training"): their times follow the reservations' weekly
 * recurrence, they cancel what lies in any of them, refuse bookings there, and are described so.
 */
import { describe, expect, it } from 'vitest';
import {
  affectedByBlock,
  blockAt,
  blockCourts,
  blockInTheWay,
  blockTexts,
  blockTimes,
  blockTouches,
  initialBlockState,
  type Block,
  type BlockCourts,
} from '../../src/blocks/blocks';
import { describeEvent } from '../../src/events/catalogue';
import { eventDataError } from '../../src/events/validate';
import { entriesInBlock, regionOfBlock } from '../../src/waitlist/waitlist';
import { admin, club, now, row } from '../reservations/support/fixtures';

/** Tuesdays 8–10 on court 1, from 24.11. to 15.12.2026 (four times). */
const training: Block = {
  _id: 'b-1',
  club_id: club._id,
  court_nums: ['1'],
  from: '2026-11-24T08:00',
  until: '2026-11-24T10:00',
  reason: 'Training',
  repeat_until: '2026-12-15',
};

const command = (fields: Partial<BlockCourts> = {}): BlockCourts => ({
  type: 'BlockCourts',
  block_id: 'b-1',
  actor: admin,
  court_nums: ['1'],
  from: training.from,
  until: training.until,
  reason: 'Training',
  repeat_until: '2026-12-15',
  ...fields,
});

describe('a weekly block', () => {
  it('holds once a week until its last day', () => {
    expect(blockTimes(training).map((time) => [time.from, time.until])).toEqual([
      ['2026-11-24T08:00', '2026-11-24T10:00'],
      ['2026-12-01T08:00', '2026-12-01T10:00'],
      ['2026-12-08T08:00', '2026-12-08T10:00'],
      ['2026-12-15T08:00', '2026-12-15T10:00'],
    ]);
    expect(blockTimes(training, '2026-12-02', '2026-12-10').map((time) => time.from)).toEqual([
      '2026-12-08T08:00',
    ]);
    // A block of one time is its only time.
    const { repeat_until: _weekly, ...once } = training;
    expect(blockTimes(once)).toEqual([once]);
  });

  it('closes its hours on its weekday only, and not after its last day', () => {
    expect(blockAt([training], 1, '2026-12-08', 9)?.reason).toBe('Training');
    expect(blockAt([training], 1, '2026-12-08', 10)).toBeUndefined();
    expect(blockAt([training], 1, '2026-12-09', 9)).toBeUndefined();
    expect(blockAt([training], 1, '2026-12-22', 9)).toBeUndefined();
    expect(blockAt([training], 2, '2026-12-08', 9)).toBeUndefined();
    expect(blockTouches(training, '2026-12-02', '2026-12-07')).toBe(false);
    expect(blockTouches(training, '2026-12-02', '2026-12-08')).toBe(true);
  });

  it('refuses a booking in any of its times, naming the first', () => {
    const series = {
      ...row({ court_num: '1', date: '2026-12-01', start_time: 9, end_time: 10 }),
      recurring: true,
    };
    expect(blockInTheWay(series, [training], now.date)).toBe(
      blockTexts.blocked('1', '2026-12-01', 9, 'Training'),
    );
  });

  it('cancels the dates of a series in its times, and a single booking in one of them', () => {
    const series = row({
      _id: 'r-series',
      court_num: '1',
      date: '2026-11-24',
      start_time: 9,
      end_time: 10,
      recurring: true,
    });
    const single = row({ _id: 'r-single', court_num: '1', date: '2026-12-08', start_time: 8, end_time: 9 });
    const otherDay = row({ _id: 'r-wed', court_num: '1', date: '2026-12-09', start_time: 8, end_time: 9 });
    expect(
      affectedByBlock(training, [series, single, otherDay], now.date).map((hit) => [
        hit.reservation._id,
        hit.date,
      ]),
    ).toEqual([
      ['r-series', '2026-11-24'],
      ['r-series', '2026-12-01'],
      ['r-single', '2026-12-08'],
      ['r-series', '2026-12-08'],
      ['r-series', '2026-12-15'],
    ]);
    const decision = blockCourts(command(), initialBlockState, { club, existing: [series, single] }, now);
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
      'CourtsBlocked',
      'OccurrenceCancelled',
      'OccurrenceCancelled',
      'OccurrenceCancelled',
      'OccurrenceCancelled',
      'ReservationCancelled',
    ]);
  });

  it('is recorded with its last day, valid for the store, and described as weekly', () => {
    const decision = blockCourts(command(), initialBlockState, { club, existing: [] }, now);
    if (!decision.ok) throw new Error(decision.error.message);
    const [event] = decision.events;
    expect(event).toEqual({
      type: 'CourtsBlocked',
      block_id: 'b-1',
      data: {
        court_nums: ['1'],
        from: '2026-11-24T08:00',
        until: '2026-11-24T10:00',
        reason: 'Training',
        repeat_until: '2026-12-15',
      },
    });
    expect(eventDataError(event!)).toBeNull();
    expect(describeEvent(event!)).toBe(
      'Platz 1 · Di., 24.11.2026 08:00 Uhr bis Di., 24.11.2026 10:00 Uhr · wöchentlich bis Di., 15.12.2026 · Training',
    );
  });

  it('is refused when it spans days, ends before it begins, repeats too long or names no day', () => {
    const refusal = (fields: Partial<BlockCourts>) => {
      const decision = blockCourts(command(fields), initialBlockState, { club, existing: [] }, now);
      return decision.ok ? null : decision.error.message;
    };
    expect(refusal({ until: '2026-11-25T10:00' })).toBe(blockTexts.weeklySameDay);
    expect(refusal({ repeat_until: '2026-11-23' })).toBe(blockTexts.repeatBeforeStart);
    expect(refusal({ repeat_until: '2028-01-01' })).toBe(blockTexts.repeatTooLong);
    expect(refusal({ repeat_until: '2026-02-30' })).toBe(blockTexts.repeatUntilInvalid);
    // Its last day may be its first: it holds once.
    expect(refusal({ repeat_until: '2026-11-24' })).toBeNull();
  });

  it('frees waiting entries in its times when lifted, and its region is its weekday', () => {
    const entry = (date: string, start_time: number) => ({
      _id: `w-${date}-${start_time}`,
      club_id: club._id,
      user_id: 'u-1',
      court_num: '1',
      date,
      start_time,
    });
    expect(
      entriesInBlock(training, [entry('2026-12-08', 9), entry('2026-12-09', 9), entry('2026-12-08', 10)]),
    ).toEqual([entry('2026-12-08', 9)]);
    expect(regionOfBlock(training)).toMatchObject({ from: '2026-11-24', until: '2026-12-15', weekday: 2 });
  });
});
