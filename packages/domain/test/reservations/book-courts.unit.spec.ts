import { describe, expect, it } from 'vitest';
import { blockTexts, type Block } from '../../src/blocks/blocks';
import {
  bookCourts,
  changeGroup,
  deleteGroup,
  type BookCourts,
  type ChangeGroup,
} from '../../src/reservations/book-courts';
import { replay } from '../../src/reservations/evolve';
import * as reservationTexts from '../../src/reservations/texts';
import { admin, club, made, now, play, player } from './support/fixtures';
import { bookingRules } from '../../src/booking-rules/pipeline';

const command = (fields: Partial<BookCourts> = {}): BookCourts => ({
  type: 'BookCourts',
  group_id: 'g-1',
  reservation_ids: ['r-1', 'r-2', 'r-3'],
  court_nums: ['1', '2', '3'],
  actor: admin,
  start_time: 17,
  end_time: 19,
  date: '2026-11-24',
  label: 'Training',
  recurring: true,
  players: [],
  ...fields,
});

describe('booking several courts at once', () => {
  it('makes one booking per court, linked by the group', () => {
    const decision = bookCourts(
      command(),
      { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules },
      now,
    );
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const rows = [...replay(decision.events).values()];
    expect(rows.map((r) => [r._id, r.court_num, r.group_id, r.recurring])).toEqual([
      ['r-1', '1', 'g-1', true],
      ['r-2', '2', 'g-1', true],
      ['r-3', '3', 'g-1', true],
    ]);
  });

  it('all or none: one taken court refuses the whole group, naming it', () => {
    const taken = made('x', { court_num: '2', date: '2026-12-01', start_time: 18, end_time: 19 });
    const decision = bookCourts(
      command(),
      {
        club,
        existing: [...replay([taken]).values()],
        blocks: [],
        play,
        noShowPauses: new Map(),
        bookingRules,
      },
      now,
    );
    expect(decision).toEqual({
      ok: false,
      error: { kind: 'conflict', message: reservationTexts.conflict('2', '2026-12-01', 18) },
    });
  });

  it('is for admins, with each court named once and every court one the club has', () => {
    expect(
      bookCourts(
        command({ actor: player }),
        { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules },
        now,
      ),
    ).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(
      bookCourts(
        command({ court_nums: ['1', '1', '2'] }),
        { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules },
        now,
      ),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: reservationTexts.courtsTwice },
    });
    expect(
      bookCourts(
        command({ court_nums: ['1', '9', '2'] }),
        { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules },
        now,
      ),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: reservationTexts.unknownCourt(4) },
    });
  });

  it('names nobody: a request naming players is refused in German, not booked without them', () => {
    const named = command({ players: [{ user_id: player.user_id }] });
    expect(
      bookCourts(named, { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules }, now),
    ).toEqual({
      ok: false,
      error: { kind: 'invalid', message: reservationTexts.groupNamesNobody },
    });
  });
});

describe('deleting a group', () => {
  const decided = bookCourts(
    command({ recurring: false, label: null }),
    { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules },
    now,
  );
  const members = decided.ok ? [...replay(decided.events).values()] : [];

  it('cancels every booking of the group', () => {
    const decision = deleteGroup(
      { type: 'DeleteGroup', reservation_id: 'r-2', actor: admin, date: '2026-11-24', delete_type: 'all' },
      { club, members },
      now,
    );
    expect(decision.ok && decision.events.map((e) => [e.type, e.reservation_id])).toEqual([
      ['ReservationCancelled', 'r-1'],
      ['ReservationCancelled', 'r-2'],
      ['ReservationCancelled', 'r-3'],
    ]);
  });

  it('is not found when the chosen booking is not in it', () => {
    expect(
      deleteGroup(
        { type: 'DeleteGroup', reservation_id: 'r-9', actor: admin, date: '2026-11-24', delete_type: 'all' },
        { club, members },
        now,
      ),
    ).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});

describe('changing a group', () => {
  const decided = bookCourts(
    command({ recurring: false, label: null }),
    { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules },
    now,
  );
  const members = decided.ok ? [...replay(decided.events).values()] : [];
  /** Court 3 closed on Wednesday 25.11., 18-19. */
  const frost: Block = {
    _id: 'b-1',
    club_id: club._id,
    court_nums: ['3'],
    from: '2026-11-25T18:00',
    until: '2026-11-25T19:00',
    reason: 'Frost',
  };
  const change = (fields: Partial<ChangeGroup> = {}): ChangeGroup => ({
    type: 'ChangeGroup',
    reservation_id: 'r-1',
    new_reservation_ids: ['n-1', 'n-2', 'n-3'],
    new_group_id: 'g-2',
    actor: admin,
    court_num: '1',
    start_time: 17,
    end_time: 19,
    date: '2026-11-25',
    ...fields,
  });

  it('moves every court alike', () => {
    const decision = changeGroup(
      change(),
      { club, existing: members, blocks: [], play, noShowPauses: new Map(), bookingRules, members },
      now,
    );
    expect(decision.ok && decision.events.map((e) => [e.type, e.reservation_id])).toEqual([
      ['ReservationChanged', 'r-1'],
      ['ReservationChanged', 'r-2'],
      ['ReservationChanged', 'r-3'],
    ]);
  });

  it('names nobody: the same guest on every court is refused in German; clearing the players is not', () => {
    const context = {
      club,
      existing: members,
      blocks: [],
      play,
      noShowPauses: new Map(),
      bookingRules,
      members,
    };
    const guest = { guest_id: 'g-9', guest_name: 'Gerda Gast' };
    expect(changeGroup(change({ players: [guest] }), context, now)).toEqual({
      ok: false,
      error: { kind: 'invalid', message: reservationTexts.groupNamesNobody },
    });
    expect(changeGroup(change({ players: [] }), context, now).ok).toBe(true);
  });

  it('all or none: one court of the group running into a block refuses the whole change, naming it', () => {
    expect(
      changeGroup(
        change(),
        { club, existing: members, blocks: [frost], play, noShowPauses: new Map(), bookingRules, members },
        now,
      ),
    ).toEqual({
      ok: false,
      error: { kind: 'conflict', message: blockTexts.blocked('3', '2026-11-25', 18, 'Frost') },
    });
  });
});
