/**
 * Who plays, in the make and change popups: singles or doubles, members and guests, what the popup
 * refuses before sending, and the `players` it sends (on change only when they changed).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { Reservation } from '@platzbuchung/domain/types';
import type { ChangeRequest } from '../src/features/booking/change-reservation-machine';
import { changeReservationMachine } from '../src/features/booking/change-reservation-machine';
import { makeReservationMachine } from '../src/features/booking/make-reservation-machine';
import { matchingMembers } from '../src/features/booking/MemberCombobox';
import { movedIndex } from '../src/features/booking/member-combobox-machine';
import type { MakeReservationBody } from '../src/shared/reservations-api';
import { pendingRequest } from './pending-request';

const CLUB_ID = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const ERIKA = '33333333-3333-4333-8333-333333333333';
const HANS = '44444444-4444-4444-8444-444444444444';
const demo: PlayRules = {
  ...DEFAULT_PLAY_RULES,
  co_players: 'required',
  guests: true,
  guest_fee_cents: 500,
  doubles_hours: 2,
};

function makePopup(play: PlayRules, isAdmin = false) {
  const request = pendingRequest<{ body: MakeReservationBody }, MakeReservationBody>((r) => r.body);
  const actor = createActor(makeReservationMachine.provide({ actors: { submit: request.submit } }), {
    input: {
      slot: { court: 2, date: '2026-11-30', hour: 18 },
      isAdmin,
      clubId: CLUB_ID,
      userId: ME,
      endHour: 22,
      courtsCount: 4,
      limit: 3,
      timeZone: 'Europe/Berlin',
      play,
    },
  }).start();
  return { actor, request };
}

describe('the make popup, where co-players are required', () => {
  it('given a singles without its co-player, does not send and says what is missing', () => {
    const { actor, request } = makePopup(demo);
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toEqual([]);
    expect(actor.getSnapshot().context.problem).toBe(playerTexts.missingCoPlayers(1));
  });

  it('given a doubles of two members and a guest over two hours, sends all three', () => {
    const { actor, request } = makePopup(demo);
    actor.send({ type: 'players.match', match: 'doubles' });
    actor.send({ type: 'duration.change', hours: 2 });
    actor.send({ type: 'players.member', index: 0, member: { user_id: ERIKA, name: 'Erika Schmidt' } });
    actor.send({ type: 'players.member', index: 1, member: { user_id: HANS, name: 'Hans Meier' } });
    actor.send({ type: 'players.kind', index: 2, kind: 'guest' });
    actor.send({ type: 'players.guest', index: 2, name: ' Anna Berg ' });
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toEqual([
      expect.objectContaining({
        start_time: 18,
        end_time: 20,
        players: [{ user_id: ERIKA }, { user_id: HANS }, { guest_name: 'Anna Berg' }],
      }),
    ]);
  });

  it('given a singles, keeps a player to one hour', () => {
    const { actor } = makePopup(demo);
    actor.send({ type: 'duration.change', hours: 2 });
    expect(actor.getSnapshot().context.duration).toBe(1);
    actor.send({ type: 'players.match', match: 'doubles' });
    actor.send({ type: 'duration.change', hours: 2 });
    actor.send({ type: 'players.match', match: 'singles' });
    expect(actor.getSnapshot().context.duration).toBe(1);
  });

  it('given a guest whose name is no name, says so before sending', () => {
    const { actor, request } = makePopup(demo);
    actor.send({ type: 'players.kind', index: 0, kind: 'guest' });
    actor.send({ type: 'players.guest', index: 0, name: 'A1' });
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toEqual([]);
    expect(actor.getSnapshot().context.problem).toBe(playerTexts.guestNameInvalid);
  });

  it('given a club without guests, refuses a guest', () => {
    const { actor } = makePopup({ ...demo, guests: false });
    actor.send({ type: 'players.kind', index: 0, kind: 'guest' });
    actor.send({ type: 'players.guest', index: 0, name: 'Anna Berg' });
    actor.send({ type: 'popup.submit' });
    expect(actor.getSnapshot().context.problem).toBe(playerTexts.guestsNotAllowed);
  });

  it('given an admin, books without co-players (training, match days)', () => {
    const { actor, request } = makePopup(demo, true);
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toHaveLength(1);
    expect(request.sent[0]).not.toHaveProperty('players');
  });
});

describe('the make popup over several courts', () => {
  it('given an admin who named a player and then ticks a second court, sends nobody: a group names no players', () => {
    const { actor, request } = makePopup({ ...demo, co_players: 'optional' }, true);
    actor.send({ type: 'players.member', index: 0, member: { user_id: ERIKA, name: 'Erika Schmidt' } });
    actor.send({ type: 'court.toggle', court: 3, checked: true });
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toHaveLength(1);
    expect(request.sent[0]).toMatchObject({ court_nums: ['2', '3'] });
    expect(request.sent[0]).not.toHaveProperty('players');
  });
});

describe('the make popup, where co-players are off or optional', () => {
  it('given a club that names nobody, sends no players, as before', () => {
    const { actor, request } = makePopup(DEFAULT_PLAY_RULES);
    actor.send({ type: 'players.member', index: 0, member: { user_id: ERIKA, name: 'Erika Schmidt' } });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).not.toHaveProperty('players');
    expect(request.sent[0]).toMatchObject({ start_time: 18, end_time: 19 });
  });

  it('given optional co-players and none named, sends no players', () => {
    const { actor, request } = makePopup({ ...DEFAULT_PLAY_RULES, co_players: 'optional' });
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toHaveLength(1);
    expect(request.sent[0]).not.toHaveProperty('players');
  });
});

const booking = (players: Reservation['players']): Reservation => ({
  _id: 'r1',
  club_id: CLUB_ID,
  user_id: ME,
  court_num: '2',
  start_time: 18,
  end_time: 19,
  date: '2026-11-30',
  recurring: false,
  deleted_dates: [],
  players,
});

function changePopup(reservation: Reservation, play: PlayRules, isAdmin = false) {
  const request = pendingRequest<ChangeRequest>();
  const actor = createActor(changeReservationMachine.provide({ actors: { submit: request.submit } }), {
    input: {
      reservation,
      occurrenceDate: reservation.date,
      isAdmin,
      clubId: CLUB_ID,
      club: { courts_count: 4, start_hour: 8, end_hour: 22 },
      play,
    },
  }).start();
  return { actor, request };
}

describe('the change popup', () => {
  const erika = { user_id: ERIKA, first_name: 'Erika', last_name: 'Schmidt' };

  it('given the booking’s players unchanged, leaves them out ("absent = unchanged")', () => {
    const { actor, request } = changePopup(booking([erika]), demo);
    actor.send({ type: 'court.change', court: 3 });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]?.body).not.toHaveProperty('players');
  });

  it('given another co-player only, counts as a change and sends them', () => {
    const { actor, request } = changePopup(booking([erika]), demo);
    actor.send({ type: 'players.member', index: 0, member: { user_id: HANS, name: 'Hans Meier' } });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]?.body.players).toEqual([{ user_id: HANS }]);
  });

  it('given every court of a group changes, sends no players: one court names its own', () => {
    const group = { ...booking([]), group_id: '55555555-5555-4555-8555-555555555555' };
    const { actor, request } = changePopup(group, { ...demo, co_players: 'optional' }, true);
    actor.send({ type: 'players.member', index: 0, member: { user_id: HANS, name: 'Hans Meier' } });
    actor.send({ type: 'wholeGroup.change', wholeGroup: true });
    actor.send({ type: 'hour.change', hour: 19 });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]?.body).toMatchObject({ whole_group: true, start_time: 19 });
    expect(request.sent[0]?.body).not.toHaveProperty('players');
  });

  it('given a guest named, starts from them', () => {
    const { actor } = changePopup(booking([erika, { guest_name: 'Anna Berg' }, erika]), demo);
    expect(actor.getSnapshot().context.players.match).toBe('doubles');
    expect(actor.getSnapshot().context.players.rows[1]).toEqual({ kind: 'guest', name: 'Anna Berg' });
  });
});

describe('the member picker', () => {
  const members = [
    { _id: ERIKA, first_name: 'Erika', last_name: 'Schmidt' },
    { _id: HANS, first_name: 'Hans', last_name: 'Müller' },
    { _id: ME, first_name: 'Jürgen', last_name: 'Schmitz' },
  ];

  it('finds members by any part of their name, accents folded, by last name', () => {
    expect(matchingMembers(members, 'schm').map((m) => m.last_name)).toEqual(['Schmidt', 'Schmitz']);
    expect(matchingMembers(members, 'mull').map((m) => m.last_name)).toEqual(['Müller']);
    expect(matchingMembers(members, 'hans mü').map((m) => m.last_name)).toEqual(['Müller']);
    expect(matchingMembers(members, 'xyz')).toEqual([]);
  });

  it('moves through the options with the arrow keys, wrapping at both ends', () => {
    expect(movedIndex(-1, 1, 3)).toBe(0);
    expect(movedIndex(-1, -1, 3)).toBe(2);
    expect(movedIndex(2, 1, 3)).toBe(0);
    expect(movedIndex(0, -1, 3)).toBe(2);
    expect(movedIndex(-1, 1, 0)).toBe(-1);
  });
});
