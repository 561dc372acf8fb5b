/** The waitlist stream's decider as given / when / then, grouped by the entry's state. */
import { describe, expect, it } from 'vitest';
import type { Block } from '../../src/blocks/blocks';
import type { LocalMoment } from '../../src/dates';
import type { WaitlistEvent } from '../../src/waitlist/events';
import * as reservationTexts from '../../src/reservations/texts';
import {
  entriesFreedBy,
  entriesInBlock,
  evolveWaitlist,
  initialWaitlistState,
  joinWaitlist,
  leaveWaitlist,
  MAX_WAITING_ENTRIES,
  waitlistTexts,
  type JoinWaitlist,
  type JoinWaitlistContext,
  type LeaveWaitlist,
  type WaitlistEntry,
} from '../../src/waitlist/waitlist';
import { deciderSpecification } from '../support/decider-specification';
import { admin, club, now, otherPlayer, player, row } from '../reservations/support/fixtures';

type Context = JoinWaitlistContext & { now: LocalMoment };

const waitlist = deciderSpecification({
  initialState: initialWaitlistState,
  evolve: evolveWaitlist,
  decide: (command: JoinWaitlist | LeaveWaitlist, state, context: Context) =>
    command.type === 'JoinWaitlist'
      ? joinWaitlist(command, state, context, context.now)
      : leaveWaitlist(command, state, context.club),
});

/** The other player's booking holds court 3 on Monday 18-19; the player waits for it. */
const taken = row({ user_id: otherPlayer.user_id, start_time: 18, end_time: 19 });
const context = (fields: Partial<Context> = {}): Context => ({
  club,
  existing: [taken],
  blocks: [],
  ownEntries: [],
  now,
  ...fields,
});

const join = (fields: Partial<JoinWaitlist> = {}): JoinWaitlist => ({
  type: 'JoinWaitlist',
  entry_id: 'w-1',
  actor: player,
  court_num: '3',
  date: '2026-11-23',
  start_time: 18,
  ...fields,
});
const leave = (fields: Partial<LeaveWaitlist> = {}): LeaveWaitlist => ({
  type: 'LeaveWaitlist',
  entry_id: 'w-1',
  actor: player,
  ...fields,
});

const hour = { court_num: '3', date: '2026-11-23', start_time: 18 };
const joined = (club_id = club._id): WaitlistEvent & { club_id: string } => ({
  type: 'WaitlistJoined',
  entry_id: 'w-1',
  club_id,
  data: { user_id: player.user_id, ...hour },
});
const left: WaitlistEvent & { club_id: string } = {
  type: 'WaitlistLeft',
  entry_id: 'w-1',
  club_id: club._id,
  data: {},
};

describe('when nobody waits yet', () => {
  it('a member joins the list of an hour another member booked', () => {
    waitlist
      .given()
      .when(join(), context())
      .then([{ type: 'WaitlistJoined', entry_id: 'w-1', data: { user_id: player.user_id, ...hour } }]);
  });

  it('a member joins the list of an occurrence of another member’s weekly series', () => {
    const series = row({
      user_id: otherPlayer.user_id,
      date: '2026-11-16',
      recurring: true,
      start_time: 18,
      end_time: 20,
    });
    waitlist
      .given()
      .when(join({ date: '2026-11-30', start_time: 19 }), context({ existing: [series] }))
      .then([
        {
          type: 'WaitlistJoined',
          entry_id: 'w-1',
          data: { user_id: player.user_id, court_num: '3', date: '2026-11-30', start_time: 19 },
        },
      ]);
  });

  it('a member joins the list of a blocked hour', () => {
    const block: Block = {
      _id: 'b-1',
      club_id: club._id,
      court_nums: ['2'],
      from: '2026-11-23T14:00',
      until: '2026-11-23T20:00',
      reason: 'Turnier',
    };
    const decided = waitlist.given().when(join({ court_num: '2' }), context({ blocks: [block] }));
    expect(decided.decision.ok).toBe(true);
  });

  it('refuses a free hour with 409, pointing to booking it', () => {
    waitlist
      .given()
      .when(join({ start_time: 17 }), context())
      .thenFails('conflict', waitlistTexts.isFree('3', '2026-11-23', 17));
  });

  it('refuses a cancelled occurrence of a series as free', () => {
    const series = row({
      user_id: otherPlayer.user_id,
      date: '2026-11-16',
      recurring: true,
      start_time: 18,
      end_time: 19,
      deleted_dates: ['2026-11-23'],
    });
    waitlist
      .given()
      .when(join(), context({ existing: [series] }))
      .thenFails('conflict');
  });

  it('refuses the member’s own booking', () => {
    waitlist
      .given()
      .when(join(), context({ existing: [{ ...taken, user_id: player.user_id }] }))
      .thenFails('conflict', waitlistTexts.ownBooking);
  });

  it('refuses an hour the member already waits for', () => {
    waitlist
      .given()
      .when(join(), context({ ownEntries: [hour] }))
      .thenFails('conflict', waitlistTexts.alreadyWaiting);
  });

  it('refuses an hour beyond the club’s horizon for a player, naming the last day; an admin waits up to two years', () => {
    const series = row({
      user_id: otherPlayer.user_id,
      date: '2026-11-16',
      recurring: true,
      start_time: 18,
      end_time: 19,
    });
    const withHorizon = { ...club, booking_horizon_days: 14 };
    waitlist
      .given()
      .when(join({ date: '2026-12-14' }), context({ club: withHorizon, existing: [series] }))
      .thenFails('forbidden', waitlistTexts.beyondLastDay('Mo., 07.12.2026'));
    waitlist
      .given()
      .when(join({ date: '2026-12-07' }), context({ club: withHorizon, existing: [series] }))
      .then([
        {
          type: 'WaitlistJoined',
          entry_id: 'w-1',
          data: { user_id: player.user_id, court_num: '3', date: '2026-12-07', start_time: 18 },
        },
      ]);
    waitlist
      .given()
      .when(join({ date: '2029-11-26' }), context({ existing: [series] }))
      .thenFails('forbidden', waitlistTexts.beyondLastDay('Do., 23.11.2028'));
    const byAdmin = waitlist
      .given()
      .when(join({ date: '2027-11-22', actor: admin }), context({ club: withHorizon, existing: [series] }));
    expect(byAdmin.decision.ok).toBe(true);
  });

  it(`refuses an entry beyond ${MAX_WAITING_ENTRIES} waiting ones of the member with 409`, () => {
    const own = Array.from({ length: MAX_WAITING_ENTRIES }, (_, n) => ({
      ...hour,
      date: `2026-12-${10 + n}`,
    }));
    waitlist
      .given()
      .when(join(), context({ ownEntries: own }))
      .thenFails('conflict', waitlistTexts.tooManyEntries(MAX_WAITING_ENTRIES));
    expect(waitlist.given().when(join(), context({ ownEntries: own.slice(1) })).decision.ok).toBe(true);
  });

  it('refuses an hour that has begun or passed', () => {
    waitlist
      .given()
      .when(join({ start_time: 18 }), context({ now: { date: '2026-11-23', hour: 19 } }))
      .thenFails('past', waitlistTexts.inThePast);
    waitlist
      .given()
      .when(join({ date: '2026-11-22' }), context())
      .thenFails('past');
  });

  it('refuses a court or an hour the club does not have', () => {
    waitlist
      .given()
      .when(join({ court_num: '5' }), context())
      .thenFails('invalid', reservationTexts.unknownCourt(4));
    waitlist
      .given()
      .when(join({ start_time: 22 }), context())
      .thenFails('invalid', reservationTexts.outsideOpeningHours(8, 22));
    waitlist
      .given()
      .when(join({ date: '2026-02-30' }), context())
      .thenFails('invalid', reservationTexts.invalidDate);
  });

  it('finds nothing to leave', () => {
    waitlist.given().when(leave(), context()).thenFails('not_found', waitlistTexts.notFound);
  });
});

describe('when the member waits', () => {
  it('the member leaves the list', () => {
    waitlist
      .given(joined())
      .when(leave(), context())
      .then([{ type: 'WaitlistLeft', entry_id: 'w-1', data: {} }]);
  });

  it('another member cannot take them off it', () => {
    waitlist
      .given(joined())
      .when(leave({ actor: otherPlayer }), context())
      .thenFails('not_found');
  });

  it('an entry of another club is not found', () => {
    waitlist.given(joined('club-2')).when(leave(), context()).thenFails('not_found');
  });

  it('the same entry id cannot start again', () => {
    waitlist.given(joined()).when(join(), context()).thenFails('invalid');
  });
});

describe('when the member has left', () => {
  it('leaving again finds nothing', () => {
    waitlist.given(joined(), left).when(leave(), context()).thenFails('not_found', waitlistTexts.notFound);
  });
});

describe('which entries a change frees', () => {
  const entry = (fields: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
    _id: 'w-1',
    club_id: club._id,
    user_id: player.user_id,
    ...hour,
    ...fields,
  });

  it('a cancelled booking frees the hours it held, not others', () => {
    const waiting = [entry(), entry({ _id: 'w-2', start_time: 19 }), entry({ _id: 'w-3', court_num: '2' })];
    expect(entriesFreedBy(taken, null, waiting).map((e) => e._id)).toEqual(['w-1']);
  });

  it('a booking moved to another hour frees its old hour only', () => {
    const moved = { ...taken, start_time: 19, end_time: 20 };
    const waiting = [entry(), entry({ _id: 'w-2', start_time: 19 })];
    expect(entriesFreedBy(taken, moved, waiting).map((e) => e._id)).toEqual(['w-1']);
  });

  it('an ended series frees its later occurrences', () => {
    const series = { ...taken, date: '2026-11-16', recurring: true };
    const ended = { ...series, end_date: '2026-11-30' };
    const waiting = [entry(), entry({ _id: 'w-2', date: '2026-11-30' })];
    expect(entriesFreedBy(series, ended, waiting).map((e) => e._id)).toEqual(['w-2']);
  });

  it('a lifted block frees the entries inside it', () => {
    const block = { court_nums: ['3'], from: '2026-11-23T18:00', until: '2026-11-23T19:00' };
    const waiting = [entry(), entry({ _id: 'w-2', start_time: 19 })];
    expect(entriesInBlock(block, waiting).map((e) => e._id)).toEqual(['w-1']);
  });
});
