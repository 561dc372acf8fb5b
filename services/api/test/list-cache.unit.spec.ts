import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { ReservationMade, ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import { ReservationListCache, newBookings, type ListedReservation } from '../src/reservations/list-cache';

const CLUB = randomUUID();
const USER = randomUUID();

/** A stored ReservationMade event at the club's position `club_seq`. */
function made(club_seq: number, slot: Partial<ReservationMadeData>): EventEnvelope<ReservationMade> {
  return {
    type: 'ReservationMade',
    reservation_id: randomUUID(),
    data: {
      club_id: CLUB,
      user_id: USER,
      court_num: '1',
      start_time: 9,
      end_time: 10,
      date: '2026-11-24',
      recurring: false,
      ...slot,
    },
    position: 1000 + club_seq,
    club_seq,
    stream_type: 'reservation',
    version: 1,
    club_id: CLUB,
    actor_id: USER,
    occurred_at: '2026-11-23T09:30:00.000Z',
  };
}

const courtsOf = (rows: readonly ListedReservation[]) =>
  rows.map((row) => `${row.date} ${row.start_time} ${row.court_num}`);

const DAY = { from: '2026-11-24', to: '2026-11-24' };
/** A window around every booking these tests make. */
const AROUND = { from: '2026-11-01', to: '2026-12-31' };

/** Bounds where one club may take the whole cache, for tests of a single club's lists. */
const oneClub = (entries: number, characters: number) => ({
  entries,
  characters,
  perClub: { entries, characters },
});

describe('a kept reservation list', () => {
  it('takes new bookings in the order every list has: day, hour, then court as text', () => {
    const cache = new ReservationListCache();
    const first = newBookings(
      [made(1, { court_num: '2' }), made(2, { court_num: '10', start_time: 8 })],
      AROUND,
    )!;
    cache.set(CLUB, 'key', 0, []);
    cache.advance(CLUB, 'key', first);
    const second = newBookings(
      [
        made(3, { court_num: '10' }),
        made(4, { court_num: '1' }),
        made(5, { court_num: '3', date: '2026-11-23', start_time: 20 }),
      ],
      AROUND,
    )!;
    const list = cache.advance(CLUB, 'key', second)!;
    expect(courtsOf(list.rows)).toEqual([
      '2026-11-23 20 3',
      '2026-11-24 8 10',
      '2026-11-24 9 1',
      '2026-11-24 9 10',
      '2026-11-24 9 2',
    ]);
    expect(list.clubSeq).toBe(5);
  });

  it('moves to the position after the bookings; the one before no longer answers', () => {
    const cache = new ReservationListCache();
    cache.set(CLUB, 'key', 7, []);
    const booked = newBookings([made(8, {})], DAY)!;
    expect(booked).toMatchObject({ before: 7, after: 8 });
    expect(cache.advance(CLUB, 'key', booked)!.rows).toHaveLength(1);
    expect(cache.get(CLUB, 'key', 7)).toBeUndefined();
    expect(cache.get(CLUB, 'key', 8)!.rows).toHaveLength(1);
  });

  it('is not advanced over a gap: a list kept at another position is read again', () => {
    const cache = new ReservationListCache();
    cache.set(CLUB, 'key', 6, []);
    expect(cache.advance(CLUB, 'key', newBookings([made(8, {})], DAY)!)).toBeUndefined();
    expect(cache.advance(CLUB, 'other', newBookings([made(7, {})], DAY)!)).toBeUndefined();
  });

  it('does not hold a booking twice when another row of the list shares its day, hour and court', () => {
    const cache = new ReservationListCache();
    const booked = newBookings([made(3, {})], DAY)!;
    // A series whose first date was cancelled can share the slot's sort key with a single booking.
    const series = { ...booked.bookings[0]!, id: randomUUID(), json: '{"series":true}' };
    cache.set(CLUB, 'key', 2, [...booked.bookings, series]);
    expect(cache.advance(CLUB, 'key', booked)!.rows.map((row) => row.id)).toEqual([
      booked.bookings[0]!.id,
      series.id,
    ]);
  });

  it('does not hold a booking twice when the kept list was read after it was committed', () => {
    const cache = new ReservationListCache();
    const booked = newBookings([made(3, {})], DAY)!;
    cache.set(CLUB, 'key', 2, booked.bookings);
    expect(cache.advance(CLUB, 'key', booked)!.rows).toEqual(booked.bookings);
  });

  it('writes each booking as the JSON a list read from the database holds', () => {
    const event = made(1, { label: 'Herren "Süd"', court_num: '4' });
    const [booking] = newBookings([event], DAY)!.bookings;
    expect(booking!.json).toBe(
      JSON.stringify({
        _id: event.reservation_id,
        club_id: CLUB,
        user_id: USER,
        court_num: '4',
        start_time: 9,
        end_time: 10,
        date: '2026-11-24',
        label: 'Herren "Süd"',
        recurring: false,
        deleted_dates: [],
        end_date: null,
        players: [],
      }),
    );
  });
});

describe('the kept lists', () => {
  const rowsOf = (count: number, date = '2026-11-24') =>
    newBookings(
      Array.from({ length: count }, (_, i) => made(i + 1, { date, start_time: 8 + i })),
      AROUND,
    )!.bookings;

  it('make room by dropping the least recently used, by count and by characters', () => {
    const week = rowsOf(3);
    const weekSize = 2 * week.reduce((sum, row) => sum + row.json.length, 0);
    const cache = new ReservationListCache(oneClub(3, 2 * weekSize));
    cache.set(CLUB, 'a', 1, week);
    cache.set(CLUB, 'b', 1, week);
    expect(cache.get(CLUB, 'a', 1)).toBeDefined();
    // Over the characters: b, used least recently, goes.
    cache.set(CLUB, 'c', 1, week);
    expect(cache.get(CLUB, 'b', 1)).toBeUndefined();
    expect(cache.get(CLUB, 'a', 1)).toBeDefined();
    expect(cache.get(CLUB, 'c', 1)).toBeDefined();
    // Small lists: the count is the bound.
    const small = new ReservationListCache(oneClub(2, 10 * weekSize));
    for (const key of ['a', 'b', 'c']) small.set(CLUB, key, 1, week);
    expect(small.get(CLUB, 'a', 1)).toBeUndefined();
    expect(small.get(CLUB, 'c', 1)).toBeDefined();
  });

  it('of one club are bounded: however many windows it asks for, it evicts only its own', () => {
    const cache = new ReservationListCache({
      entries: 10,
      characters: 1_000_000,
      perClub: { entries: 4, characters: 1_000_000 },
    });
    const others = ['b', 'c', 'd', 'e'];
    for (const club of others) cache.set(club, 'week', 1, rowsOf(1));
    for (let window = 0; window < 100; window++) cache.set('a', String(window), 1, rowsOf(1));
    for (const club of others) expect(cache.get(club, 'week', 1), club).toBeDefined();
    expect(cache.get('a', '99', 1)).toBeDefined();
    expect(cache.get('a', '96', 1)).toBeDefined();
    expect(cache.get('a', '95', 1)).toBeUndefined();
  });

  it("of one club count against the club's share of characters, and make room among themselves", () => {
    const week = rowsOf(3);
    const weekSize = 2 * week.reduce((sum, row) => sum + row.json.length, 0);
    const cache = new ReservationListCache({
      entries: 100,
      characters: 100 * weekSize,
      perClub: { entries: 100, characters: 2 * weekSize },
    });
    cache.set('b', 'week', 1, week);
    for (const window of ['1', '2', '3']) cache.set('a', window, 1, week);
    expect(cache.get('a', '1', 1)).toBeUndefined();
    expect(cache.get('a', '2', 1)).toBeDefined();
    expect(cache.get('a', '3', 1)).toBeDefined();
    expect(cache.get('b', 'week', 1)).toBeDefined();
  });

  it('keep the newest list even when it alone is over the bound', () => {
    const cache = new ReservationListCache(oneClub(10, 10));
    cache.set(CLUB, 'old', 1, rowsOf(1));
    cache.set(CLUB, 'big', 1, rowsOf(5));
    expect(cache.get(CLUB, 'old', 1)).toBeUndefined();
    expect(cache.get(CLUB, 'big', 1)!.rows).toHaveLength(5);
  });
});

describe('new bookings for a kept list', () => {
  it('are only those the window shows: a single on its day, a series where it takes place', () => {
    const events = [
      made(1, { date: '2026-11-24' }),
      made(2, { date: '2026-11-25' }),
      made(3, { date: '2026-11-17', recurring: true, court_num: '5' }),
      made(4, { date: '2026-11-18', recurring: true, court_num: '6' }),
    ];
    expect(courtsOf(newBookings(events, DAY)!.bookings)).toEqual(['2026-11-24 9 1', '2026-11-17 9 5']);
    expect(newBookings(events, AROUND)!.bookings).toHaveLength(4);
  });

  it('are none to put in when a command did more than book, or its events do not follow one another', () => {
    const booked = made(2, {});
    const cancelled: EventEnvelope = { ...booked, type: 'ReservationCancelled', data: {} };
    expect(newBookings([made(1, {}), cancelled], DAY)).toBeUndefined();
    expect(newBookings([made(1, {}), made(3, {})], DAY)).toBeUndefined();
    expect(newBookings([], DAY)).toBeUndefined();
  });
});
