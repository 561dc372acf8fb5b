/**
 * What the make popup says is left before booking: counted by the domain's own rule functions over
 * the own reservations and the grid's week, so it says what the API would decide.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { Reservation } from '@platzbuchung/domain/types';
import { guestFeeLine, limitLine, quotaLines, type RoomQuestion } from '../src/features/booking/room-left';

const ME = 'me';
const OTHER = 'other';
const evening = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 };
const play: PlayRules = {
  ...DEFAULT_PLAY_RULES,
  co_players: 'optional',
  co_players_count: true,
  guests: true,
  guest_fee_cents: 500,
  quotas: [evening],
};

let next = 0;
const booking = (fields: Partial<Reservation>): Reservation => ({
  _id: `r${(next += 1)}`,
  club_id: 'c',
  user_id: ME,
  court_num: '1',
  start_time: 18,
  end_time: 19,
  date: '2026-11-30',
  recurring: false,
  deleted_dates: [],
  ...fields,
});

// Wednesday 2 December 2026, 10:00; the week runs from Monday 30 November.
const question = (fields: Partial<RoomQuestion>): RoomQuestion => ({
  userId: ME,
  limit: 3,
  play,
  timeZone: 'Europe/Berlin',
  now: { date: '2026-12-02', hour: 10 },
  slot: { date: '2026-12-03', hour: 18 },
  duration: 1,
  own: [],
  week: { window: { from: '2026-11-30', to: '2026-12-06' }, reservations: [] },
  ...fields,
});

describe('the room left before booking', () => {
  it('counts the upcoming reservations the limit rule counts: own, and those naming the member where the club counts them', () => {
    const own = [
      booking({ date: '2026-12-04' }),
      // Someone else's booking naming the member: counts with co_players_count.
      booking({
        user_id: OTHER,
        date: '2026-12-05',
        players: [{ user_id: ME, first_name: 'I', last_name: 'Ch' }],
      }),
      // Past, not recurring: counts no more.
      booking({ date: '2026-12-01' }),
    ];
    expect(limitLine(question({ own }))).toBe('Noch 1 von 3 Reservierungen frei');
    expect(limitLine(question({ own, play: { ...play, co_players_count: false } }))).toBe(
      'Noch 2 von 3 Reservierungen frei',
    );
    expect(
      limitLine(question({ own: [...own, booking({ date: '2026-12-10' }), booking({ recurring: true })] })),
    ).toBe('Noch 0 von 3 Reservierungen frei');
    expect(limitLine(question({ limit: 1 }))).toBe('Noch 1 von 1 Reservierung frei');
  });

  it('says nothing of the limit while the own list is not loaded, or where the club set none', () => {
    expect(limitLine(question({ own: null }))).toBeNull();
    expect(limitLine(question({ limit: null }))).toBeNull();
  });

  it('counts the quota week from Monday, past days included, and only quotas the hours touch', () => {
    const reservations = [
      // Monday 18–19, already played this week: counts.
      booking({ date: '2026-11-30' }),
      // Named as co-player on Tuesday 20–22: one hour inside the window.
      booking({
        user_id: OTHER,
        date: '2026-12-01',
        start_time: 20,
        end_time: 22,
        players: [{ user_id: ME, first_name: 'I', last_name: 'Ch' }],
      }),
      // A labelled booking is the club's, not a game.
      booking({ date: '2026-12-02', label: 'Training' }),
    ];
    const week = { window: { from: '2026-11-30', to: '2026-12-06' }, reservations };
    expect(quotaLines(question({ week }))).toEqual([
      'Kontingent Mo–Fr 17–21 Uhr: in dieser Woche aufgebraucht',
    ]);
    expect(quotaLines(question({ week: { ...week, reservations: reservations.slice(1) } }))).toEqual([
      'Kontingent Mo–Fr 17–21 Uhr: noch 1 Stunde in dieser Woche',
    ]);
    // 10:00 is outside the window; Saturday too.
    expect(quotaLines(question({ week, slot: { date: '2026-12-03', hour: 10 } }))).toEqual([]);
    expect(quotaLines(question({ week, slot: { date: '2026-12-05', hour: 18 } }))).toEqual([]);
  });

  it('names the week when it is not this one, and says nothing without the whole week loaded', () => {
    const week = { window: { from: '2026-12-07', to: '2026-12-13' }, reservations: [] };
    expect(quotaLines(question({ week, slot: { date: '2026-12-08', hour: 18 } }))).toEqual([
      'Kontingent Mo–Fr 17–21 Uhr: noch 2 Stunden in der Woche ab Mo., 07.12.2026',
    ]);
    expect(quotaLines(question({ week: null }))).toEqual([]);
    expect(quotaLines(question({ week, slot: { date: '2026-12-03', hour: 18 } }))).toEqual([]);
  });

  it('says a short-notice hour is exempt, as the quota rule exempts it', () => {
    const short = { ...play, quota_exempt_hours: 3 };
    expect(quotaLines(question({ play: short, now: { date: '2026-12-03', hour: 16 } }))).toEqual([
      'Kontingent Mo–Fr 17–21 Uhr: gilt für diese kurzfristige Reservierung nicht',
    ]);
  });

  it('prices the named guests by the club’s fee per guest and hour', () => {
    expect(guestFeeLine(play, 1, 1)).toBe('Gastgebühr: 5,00\u00a0€ (1 Gast, 1 Stunde)');
    expect(guestFeeLine(play, 2, 2)).toBe('Gastgebühr: 20,00\u00a0€ (2 Gäste, 2 Stunden)');
    expect(guestFeeLine(play, 0, 1)).toBeNull();
    expect(guestFeeLine({ ...play, guest_fee_cents: 0 }, 1, 1)).toBeNull();
  });
});
