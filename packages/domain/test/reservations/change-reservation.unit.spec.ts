import { describe, expect, expectTypeOf, it } from 'vitest';
import { blockTexts, type Block } from '../../src/blocks/blocks';
import type { BlockEvent } from '../../src/blocks/events';
import type { ReservationEvent } from '../../src/reservations/events';
import { replay } from '../../src/reservations/evolve';
import { courtOpen } from '../../src/blocks/rules/court-open';
import { bookingRules, type BookingRuleContext } from '../../src/booking-rules/pipeline';
import { makeReservation } from '../../src/reservations/make-reservation';
import { initialReservationState } from '../../src/reservations/state';
import * as reservationTexts from '../../src/reservations/texts';
import * as texts from '../../src/texts';
import { admin, changeCommand, club, made, makeCommand, now, otherPlayer, play } from './support/fixtures';
import { given } from './support/given-when-then';

/** Tuesday 24.11., 10-11 on court 3, the player's. */
const single = made('r-1', { date: '2026-11-24' });
/** Mondays from 16.11., 18-20 on court 1, the admin's training. */
const training = made('r-1', {
  date: '2026-11-16',
  start_time: 18,
  end_time: 20,
  court_num: '1',
  recurring: true,
  label: 'Training',
  user_id: admin.user_id,
});

const afterwards = (events: ReservationEvent[]) => [...replay(events).values()];

describe('when a player changes their single booking', () => {
  it('moves it to another hour and court', () => {
    given(single)
      .when(changeCommand({ court_num: '2', start_time: 15, end_time: 16 }))
      .then([
        {
          type: 'ReservationChanged',
          reservation_id: 'r-1',
          data: { court_num: '2', date: '2026-11-24', start_time: 15, end_time: 16 },
        },
      ]);
  });

  it('answers to the rules of a new booking: one hour, no label, not in the past', () => {
    given(single)
      .when(changeCommand({ start_time: 15, end_time: 17 }))
      .thenFails('forbidden', reservationTexts.playerOneHourOnly);
    given(single)
      .when(changeCommand({ label: 'Match' }))
      .thenFails('forbidden', reservationTexts.playerNoLabel);
    given(single)
      .when(changeCommand({ date: '2026-11-23', start_time: 8, end_time: 9 }))
      .thenFails('past', texts.pastReservation);
  });

  it('does not count against its own limit, but a full limit stays full', () => {
    // Limit 2: with two upcoming bookings, moving one of them is still allowed.
    const second = made('r-2', { date: '2026-11-25', court_num: '4' });
    expect(given(single, second).when(changeCommand({ start_time: 12, end_time: 13 })).decision.ok).toBe(
      true,
    );
  });

  it('refuses a slot that is taken, naming it, and may take its own slot shifted by an hour', () => {
    const taken = made('r-2', {
      date: '2026-11-24',
      court_num: '2',
      start_time: 15,
      end_time: 16,
      user_id: 'x',
    });
    given(single, taken)
      .when(changeCommand({ court_num: '2', start_time: 15, end_time: 16 }))
      .thenFails('conflict', reservationTexts.conflict('2', '2026-11-24', 15));
    expect(
      given(single).when(changeCommand({ start_time: 10, end_time: 11, court_num: '3' })).decision.ok,
    ).toBe(true);
  });

  it("may not change someone else's booking, nor one that has begun", () => {
    given(single)
      .when(changeCommand({ actor: otherPlayer }))
      .thenFails('forbidden', reservationTexts.notOwnToChange);
    given(made('r-1', { date: '2026-11-23', start_time: 9, end_time: 10 }))
      .when(changeCommand({ date: '2026-11-23', start_time: 12, end_time: 13 }))
      .thenFails('past', reservationTexts.changeAlreadyBegun);
  });

  it('may not change a series', () => {
    given(made('r-1', { recurring: true, date: '2026-11-24' }))
      .when(changeCommand())
      .thenFails('forbidden', reservationTexts.playerNoSeriesChange);
  });

  it('a cancelled or unknown booking is not found', () => {
    given().when(changeCommand()).thenFails('not_found', reservationTexts.reservationNotFound);
    given(single, { type: 'ReservationCancelled', reservation_id: 'r-1', data: {} })
      .when(changeCommand())
      .thenFails('not_found');
  });
});

describe('when an admin changes a weekly series', () => {
  const base = { actor: admin, court_num: '2', start_time: 18, end_time: 20, label: 'Training' };

  it('asks which occurrences, and only real, upcoming ones', () => {
    given(training)
      .when(changeCommand({ ...base }))
      .thenFails('invalid', reservationTexts.changeScopeMissing);
    given(training)
      .when(changeCommand({ ...base, scope: 'once', occurrence_date: '2026-11-24', date: '2026-11-24' }))
      .thenFails('invalid', reservationTexts.notAnOccurrence('2026-11-24'));
    given(training)
      .when(changeCommand({ ...base, scope: 'once', occurrence_date: '2026-11-16', date: '2026-11-30' }))
      .thenFails('past', reservationTexts.changeAlreadyBegun);
  });

  it('once: that occurrence is cancelled and a single booking takes its place', () => {
    const decision = given(training).when(
      changeCommand({ ...base, scope: 'once', occurrence_date: '2026-11-30', date: '2026-12-01' }),
    );
    decision.then([
      { type: 'OccurrenceCancelled', reservation_id: 'r-1', data: { date: '2026-11-30' } },
      {
        type: 'ReservationMade',
        reservation_id: 'r-new',
        data: {
          club_id: training.data.club_id,
          user_id: admin.user_id,
          court_num: '2',
          start_time: 18,
          end_time: 20,
          date: '2026-12-01',
          label: 'Training',
          recurring: false,
          moved_from: { reservation_id: 'r-1', date: '2026-11-30' },
        },
      },
    ]);
  });

  it('once, an hour later on the same court: the old slot no longer stands in the way', () => {
    const decision = given(training).when(
      changeCommand({
        ...base,
        court_num: '1',
        start_time: 19,
        end_time: 21,
        scope: 'once',
        occurrence_date: '2026-11-30',
        date: '2026-11-30',
      }),
    ).decision;
    expect(decision.ok).toBe(true);
  });

  it('once_and_future: the series ends before the occurrence and a new one starts, the past untouched', () => {
    const decision = given(training).when(
      changeCommand({ ...base, scope: 'once_and_future', occurrence_date: '2026-12-07', date: '2026-12-08' }),
    ).decision;
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const rows = afterwards([training, ...decision.events]);
    expect(rows.find((r) => r._id === 'r-1')).toMatchObject({ date: '2026-11-16', end_date: '2026-12-07' });
    expect(rows.find((r) => r._id === 'r-new')).toMatchObject({
      date: '2026-12-08',
      recurring: true,
      court_num: '2',
    });
  });

  it('all, with weeks already played: split at the first one to come, shifted by the same days', () => {
    // Monday 23.11. 18:00 has not begun at 09:xx, so it is the first to move: to Tuesday the 24th.
    const decision = given(training).when(
      changeCommand({ ...base, scope: 'all', occurrence_date: '2026-11-30', date: '2026-12-01' }),
    ).decision;
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const rows = afterwards([training, ...decision.events]);
    expect(rows.find((r) => r._id === 'r-1')).toMatchObject({ date: '2026-11-16', end_date: '2026-11-23' });
    expect(rows.find((r) => r._id === 'r-new')).toMatchObject({ date: '2026-11-24', recurring: true });
  });

  it('all, before its first week: changed in place', () => {
    const later = made('r-1', { ...training.data, date: '2026-11-30' });
    given(later)
      .when(
        changeCommand({
          ...base,
          start_time: 17,
          end_time: 19,
          scope: 'all',
          occurrence_date: '2026-12-07',
          date: '2026-12-07',
        }),
      )
      .then([
        {
          type: 'ReservationChanged',
          reservation_id: 'r-1',
          data: { court_num: '2', date: '2026-11-30', start_time: 17, end_time: 19, label: 'Training' },
        },
      ]);
  });

  it('refuses a change that runs into another booking, naming the first clash', () => {
    const match = made('r-2', {
      date: '2026-12-14',
      court_num: '2',
      start_time: 19,
      end_time: 20,
      user_id: 'x',
    });
    given(training, match)
      .when(
        changeCommand({
          ...base,
          scope: 'once_and_future',
          occurrence_date: '2026-11-30',
          date: '2026-11-30',
        }),
      )
      .thenFails('conflict', reservationTexts.conflict('2', '2026-12-14', 19));
  });
});

describe('when a change runs into a court block', () => {
  /** Court 2 closed on Tuesday 8.12., 18-20, for a league match. */
  const blocked: BlockEvent = {
    type: 'CourtsBlocked',
    block_id: 'b-1',
    data: { court_nums: ['2'], from: '2026-12-08T18:00', until: '2026-12-08T20:00', reason: 'Punktspiel' },
  };
  const refusal = blockTexts.blocked('2', '2026-12-08', 18, 'Punktspiel');
  const base = { actor: admin, court_num: '2', start_time: 18, end_time: 20, label: 'Training' };

  it('a single booking moved into it is refused with the block’s text, as a new booking is', () => {
    given(blocked, single)
      .when(changeCommand({ court_num: '2', date: '2026-12-08', start_time: 18, end_time: 19 }))
      .thenFails('conflict', refusal);
    given(blocked)
      .when(makeCommand({ court_num: '2', date: '2026-12-08', start_time: 18, end_time: 19 }))
      .thenFails('conflict', refusal);
  });

  it('a series moved into it is refused, whichever occurrences move', () => {
    for (const scope of ['once', 'once_and_future', 'all'] as const) {
      given(blocked, training)
        .when(changeCommand({ ...base, scope, occurrence_date: '2026-12-07', date: '2026-12-08' }))
        .thenFails('conflict', refusal);
    }
  });

  it('a series moved in place before its first week is refused too', () => {
    const later = made('r-1', { ...training.data, date: '2026-11-30' });
    given(blocked, later)
      .when(changeCommand({ ...base, scope: 'all', occurrence_date: '2026-11-30', date: '2026-12-01' }))
      .thenFails('conflict', refusal);
  });

  it('leaving the blocks out does not compile, neither from a context nor from the rules’ context', () => {
    const withoutBlocks = { club, existing: [], play, noShowPauses: new Map(), bookingRules };
    // @ts-expect-error -- the rules handed in read the blocks, which this context leaves out
    expect(() => makeReservation(makeCommand(), initialReservationState, withoutBlocks, now)).toThrow();
    expectTypeOf<BookingRuleContext>().toHaveProperty('blocks').toEqualTypeOf<readonly Block[]>();
    expectTypeOf(courtOpen.check).parameter(1).toEqualTypeOf<{ blocks: readonly Block[] }>();
  });

  it('once the block is lifted, the same change is accepted', () => {
    const lifted: BlockEvent = { type: 'BlockLifted', block_id: 'b-1', data: {} };
    expect(
      given(blocked, lifted, single).when(
        changeCommand({ court_num: '2', date: '2026-12-08', start_time: 18, end_time: 19 }),
      ).decision.ok,
    ).toBe(true);
  });
});
