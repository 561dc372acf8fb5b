import { describe, expect, it } from 'vitest';
import {
  applyToBlocks,
  applyToReservations,
  blockChange,
  parseLiveChange,
  reservationChange,
  type LiveChange,
} from '../../src/live/changes';
import type { Block } from '../../src/blocks/blocks';
import type { Reservation } from '../../src/types';

const week = { from: '2026-11-23', to: '2026-11-29' };
const booking: Reservation = {
  _id: 'r1',
  club_id: 'c',
  user_id: 'u1',
  court_num: '3',
  start_time: 18,
  end_time: 19,
  date: '2026-11-24',
  label: null,
  recurring: false,
  deleted_dates: [],
  end_date: null,
};
const other: Reservation = { ...booking, _id: 'r2', court_num: '1', user_id: 'u2' };
const made = (reservation: Reservation, seq = 1): LiveChange => ({
  club_seq: seq,
  type: 'ReservationMade',
  reservation_id: reservation._id,
  reservation,
});
const cancelled = (id: string, seq = 2): LiveChange => ({
  club_seq: seq,
  type: 'ReservationCancelled',
  reservation_id: id,
  reservation: null,
});
const block: Block = {
  _id: 'b1',
  club_id: 'c',
  court_nums: ['2'],
  from: '2026-11-25T08:00',
  until: '2026-11-25T12:00',
  reason: 'Frost',
};

describe('the messages the API builds', () => {
  it('carries the booking as it stands after each event of its stream', () => {
    const first = reservationChange(1, null, {
      type: 'ReservationMade',
      reservation_id: 'r1',
      data: {
        club_id: 'c',
        user_id: 'u1',
        court_num: '3',
        start_time: 18,
        end_time: 19,
        date: '2026-11-24',
        recurring: false,
      },
    });
    expect(first).toEqual(made(booking));
    const moved = reservationChange(2, first.reservation, {
      type: 'ReservationChanged',
      reservation_id: 'r1',
      data: { court_num: '4', date: '2026-11-24', start_time: 19, end_time: 20 },
    });
    expect(moved.reservation).toEqual({ ...booking, court_num: '4', start_time: 19, end_time: 20 });
    const gone = reservationChange(3, moved.reservation, {
      type: 'ReservationCancelled',
      reservation_id: 'r1',
      data: { delete_type: 'all' },
    });
    expect(gone).toEqual(cancelled('r1', 3));
  });

  it('carries a block whole when set, and null when lifted', () => {
    const { _id, club_id, ...data } = block;
    expect(blockChange(4, club_id, { type: 'CourtsBlocked', block_id: _id, data })).toEqual({
      club_seq: 4,
      type: 'CourtsBlocked',
      block_id: 'b1',
      block,
    });
    expect(blockChange(5, 'c', { type: 'BlockLifted', block_id: 'b1', data: {} })).toEqual({
      club_seq: 5,
      type: 'BlockLifted',
      block_id: 'b1',
      block: null,
    });
  });
});

describe('reading a message', () => {
  it('accepts the two shapes and ignores anything else', () => {
    expect(parseLiveChange(JSON.stringify(made(booking)))).toEqual(made(booking));
    expect(
      parseLiveChange(JSON.stringify({ club_seq: 1, type: 'BlockLifted', block_id: 'b', block: null })),
    ).toEqual({ club_seq: 1, type: 'BlockLifted', block_id: 'b', block: null });
    expect(parseLiveChange('{"club_seq":1')).toBeNull();
    expect(parseLiveChange('null')).toBeNull();
    expect(parseLiveChange(JSON.stringify({ club_seq: 1, type: 'MemberRoleChanged' }))).toBeNull();
    expect(
      parseLiveChange(JSON.stringify({ club_seq: '1', type: 'ReservationMade', reservation_id: 'r' })),
    ).toBeNull();
  });
});

describe('applying a message to a list', () => {
  it('adds a new booking, replaces a changed one in place and drops a cancelled one', () => {
    const added = applyToReservations([other], made(booking), week);
    expect(added).toEqual([other, booking]);
    const moved = { ...booking, court_num: '5' };
    expect(applyToReservations(added, made(moved, 2), week)).toEqual([other, moved]);
    expect(applyToReservations(added, cancelled('r1'), week)).toEqual([other]);
  });

  it('is the same applied twice, and leaves bookings of other days and block messages alone', () => {
    const once = applyToReservations([other], made(booking), week);
    expect(applyToReservations(once, made(booking), week)).toEqual(once);
    const nextWeek = { ...booking, date: '2026-12-01' };
    expect(applyToReservations(once, made(nextWeek, 3), week)).toEqual([other]);
    const blocked: LiveChange = { club_seq: 4, type: 'CourtsBlocked', block_id: 'b1', block };
    expect(applyToReservations(once, blocked, week)).toEqual(once);
  });

  it('keeps only what the caller keeps, e.g. the user’s own bookings', () => {
    const mine = (r: Reservation) => r.user_id === 'u1';
    expect(applyToReservations([], made(other), week, mine)).toEqual([]);
    expect(applyToReservations([], made(booking), week, mine)).toEqual([booking]);
  });

  it('adds a block touching the window, drops a lifted one, ignores one of other days', () => {
    const set: LiveChange = { club_seq: 1, type: 'CourtsBlocked', block_id: 'b1', block };
    expect(applyToBlocks([], set, week)).toEqual([block]);
    expect(applyToBlocks([block], { ...set, club_seq: 2, type: 'BlockLifted', block: null }, week)).toEqual(
      [],
    );
    const later = { ...block, from: '2026-12-02T08:00', until: '2026-12-02T10:00' };
    expect(applyToBlocks([], { ...set, block: later }, week)).toEqual([]);
    expect(applyToBlocks([block], made(booking), week)).toEqual([block]);
  });
});
