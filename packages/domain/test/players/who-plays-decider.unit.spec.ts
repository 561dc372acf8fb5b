/**
 * Given / when / then for the rules about who plays (docs/who-plays.md): the
 * co-players a booking names, one court at a time, a named member's limit, the weekly quotas with
 * their short-notice exemption, and the length of a doubles.
 */
import { describe, it } from 'vitest';
import { playRulesOf } from '../../src/players/play-rules';
import type { PlayContext, PlayMember } from '../../src/players/who-plays';
import * as playerTexts from '../../src/players/texts';
import type { ChangeReservation } from '../../src/reservations/change-reservation';
import type { ReservationChanged } from '../../src/reservations/events';
import * as reservationTexts from '../../src/reservations/texts';
import * as texts from '../../src/texts';
import type { PlayRules } from '../../src/schemas';
import { DEFAULT_CATEGORY } from '../categories/support';
import { admin, club, made, makeCommand, otherPlayer, play, player } from '../reservations/support/fixtures';
import { given } from '../reservations/support/given-when-then';

const third = { user_id: 'user-third', role: 'player' } as const;
const fourth = { user_id: 'user-fourth', role: 'player' } as const;
const names: Record<string, string> = {
  [player.user_id]: 'Paula Spieler',
  [otherPlayer.user_id]: 'Otto Ander',
  [third.user_id]: 'Tina Dritt',
  [fourth.user_id]: 'Vera Viert',
  [admin.user_id]: 'Adam Admin',
};
const members: PlayContext['members'] & Map<string, PlayMember> = new Map(
  Object.entries(names).map(([id, name]): [string, PlayMember] => {
    const [first_name, last_name] = name.split(' ');
    return [
      id,
      { first_name: first_name!, last_name: last_name!, status: 'active', category: DEFAULT_CATEGORY },
    ];
  }),
);
members.set('user-gone', {
  first_name: 'Ina',
  last_name: 'Aktiv',
  status: 'inactive',
  category: DEFAULT_CATEGORY,
});
const withRules = (rules: Partial<PlayRules>): PlayContext => ({ rules: playRulesOf(rules), members });
const required = withRules({ co_players: 'required', guests: true, guest_fee_cents: 500 });
const primeTime = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 };
const guest = (id = 'g-1') => ({ guest_id: id, guest_name: 'Gerd Gast' });
const other = { user_id: otherPlayer.user_id };
const tuesday = '2026-11-24';
/** The player's booking r-1 on Tuesday, changed as the fields say. */
const change = (fields: Partial<ChangeReservation> = {}): ChangeReservation => ({
  type: 'ChangeReservation',
  reservation_id: 'r-1',
  new_reservation_id: 'r-split',
  actor: player,
  court_num: '3',
  start_time: 10,
  end_time: 11,
  date: tuesday,
  ...fields,
});

describe('given a club that names nobody (the defaults)', () => {
  it('when a player names a co-player, then it is refused', () => {
    given()
      .when(makeCommand({ players: [other] }), { play })
      .thenFails('forbidden', playerTexts.coPlayersOff);
  });
  it('when a player books two courts at the same hour, then both are taken as before', () => {
    given(made('r-1'))
      .when(makeCommand({ court_num: '4' }), { play })
      .then([{ ...made('r-new', { court_num: '4' }) }]);
  });
});

describe('given a club that requires co-players and allows guests at 5 €', () => {
  it('when a player names one member, then the singles is made with them', () => {
    given()
      .when(makeCommand({ players: [other] }), { play: required })
      .then([made('r-new', { players: [other] })]);
  });
  it('when a player names a guest, then the event holds the guest id and fee, never the name', () => {
    given()
      .when(makeCommand({ players: [guest()] }), { play: required })
      .then([made('r-new', { players: [{ guest_id: 'g-1', fee_cents: 500 }] })]);
  });
  it('when nobody is named, then it is refused in German', () => {
    given().when(makeCommand(), { play: required }).thenFails('forbidden', playerTexts.coPlayersRequired);
  });
  it('when two are named, then singles or doubles is asked for', () => {
    given()
      .when(makeCommand({ players: [other, guest()] }), { play: required })
      .thenFails('forbidden', playerTexts.singlesOrDoubles);
  });
  it('when the booker names themselves, then it is refused', () => {
    given()
      .when(makeCommand({ players: [{ user_id: player.user_id }] }), { play: required })
      .thenFails('invalid', playerTexts.bookerNamed);
  });
  it('when a member is named twice, then the refusal names them', () => {
    given()
      .when(makeCommand({ players: [other, other, guest()] }), { play: required })
      .thenFails('invalid', playerTexts.namedTwice('Otto Ander'));
  });
  it('when an inactive or unknown member is named, then it is refused', () => {
    given()
      .when(makeCommand({ players: [{ user_id: 'user-gone' }] }), { play: required })
      .thenFails('invalid', playerTexts.notActiveMember);
    given()
      .when(makeCommand({ players: [{ user_id: 'user-nobody' }] }), { play: required })
      .thenFails('invalid', playerTexts.notActiveMember);
  });
  it('when guests are not allowed, then a guest is refused', () => {
    given()
      .when(makeCommand({ players: [guest()] }), { play: withRules({ co_players: 'required' }) })
      .thenFails('forbidden', playerTexts.guestsNotAllowed);
  });
  it.each([['A'], [' Gerd'], ['Gerd '], ['x'.repeat(61)], ['R2D2']])(
    'when a guest is named as %j, then the name as it would be stored is refused in German',
    (name) => {
      given()
        .when(makeCommand({ players: [{ guest_id: 'g-1', guest_name: name }] }), { play: required })
        .thenFails('invalid', playerTexts.guestNameInvalid);
    },
  );
  it('when an admin books without players, then nothing is asked of them', () => {
    given()
      .when(makeCommand({ actor: admin }), { play: required })
      .then([made('r-new', { user_id: admin.user_id })]);
  });
});

describe('a person plays on one court at a time', () => {
  it('given a named member plays on court 1 then, when they are named on court 3, then 409 names them and the court', () => {
    given(made('r-1', { user_id: third.user_id, court_num: '1', players: [{ user_id: fourth.user_id }] }))
      .when(makeCommand({ players: [{ user_id: fourth.user_id }] }), { play: required })
      .thenFails('conflict', playerTexts.playsElsewhere('Vera Viert', '1', '2026-11-23', 10));
  });
  it('given the booker is named on court 1 then, when they book court 3, then 409 says so', () => {
    given(made('r-1', { user_id: third.user_id, court_num: '1', players: [{ user_id: player.user_id }] }))
      .when(makeCommand({ players: [other] }), { play: required })
      .thenFails('conflict', playerTexts.playsElsewhere(null, '1', '2026-11-23', 10));
  });
  it('given a training an admin booked in their name, when the admin is named then, then it is allowed', () => {
    given(made('r-1', { user_id: admin.user_id, court_num: '1', label: 'Training' }))
      .when(makeCommand({ players: [{ user_id: admin.user_id }] }), { play: required })
      .then([made('r-new', { players: [{ user_id: admin.user_id }] })]);
  });
});

describe('with co_players_count, a named member’s bookings count to their limit', () => {
  const counting = withRules({ co_players: 'optional', co_players_count: true });
  it('given a member named in two upcoming bookings (limit 2), when named again, then 403 names them', () => {
    given(
      made('r-1', { user_id: third.user_id, players: [other], date: tuesday }),
      made('r-2', { user_id: third.user_id, players: [other], date: '2026-11-25' }),
    )
      .when(makeCommand({ players: [other] }), { play: counting })
      .thenFails('forbidden', playerTexts.memberLimitReached('Otto Ander', 2));
  });
  it('given the booker is named in two upcoming bookings, when they book, then their own limit is full', () => {
    given(
      made('r-1', { user_id: third.user_id, players: [{ user_id: player.user_id }], date: tuesday }),
      made('r-2', { user_id: third.user_id, players: [{ user_id: player.user_id }], date: '2026-11-25' }),
    )
      .when(makeCommand(), { play: counting })
      .thenFails('limit', texts.limitReached(2));
  });
  it('given the club does not count them, when named again, then it is allowed', () => {
    given(
      made('r-1', { user_id: third.user_id, players: [other], date: tuesday }),
      made('r-2', { user_id: third.user_id, players: [other], date: '2026-11-25' }),
    )
      .when(makeCommand({ players: [other] }), { play: withRules({ co_players: 'optional' }) })
      .then([made('r-new', { players: [other] })]);
  });
});

/** Room in every limit, so only the quotas speak. */
const roomy = { ...club, reservations_limit: 5 };

describe('quotas count every named member’s hours in the club’s week', () => {
  const quota = withRules({ co_players: 'optional', quotas: [primeTime] });
  const evening = (id: string, date: string, data = {}) =>
    made(id, { date, start_time: 18, end_time: 19, user_id: third.user_id, ...data });
  it('given a named member played two prime-time hours this week, when named again, then 403 names the window', () => {
    given(
      evening('r-1', '2026-11-23', { players: [other] }),
      evening('r-2', tuesday, { user_id: otherPlayer.user_id, court_num: '2' }),
    )
      .when(makeCommand({ date: '2026-11-26', start_time: 18, end_time: 19, players: [other] }), {
        play: quota,
      })
      .thenFails('forbidden', playerTexts.quotaExceeded('Otto Ander', 'Mo–Fr 17–21 Uhr', 2));
  });
  it('given the booker’s two hours, when they book a third in the window, then 403 addresses them', () => {
    given(
      evening('r-1', tuesday, { user_id: player.user_id }),
      evening('r-2', '2026-11-25', { user_id: player.user_id }),
    )
      .when(makeCommand({ date: '2026-11-26', start_time: 18, end_time: 19 }), { play: quota, club: roomy })
      .thenFails('forbidden', playerTexts.quotaExceeded(null, 'Mo–Fr 17–21 Uhr', 2));
  });
  it('given two hours this week, when booking next week or outside the window, then it is allowed', () => {
    const full = [
      evening('r-1', tuesday, { user_id: player.user_id }),
      evening('r-2', '2026-11-25', { user_id: player.user_id }),
    ];
    given(...full)
      .when(makeCommand({ date: '2026-11-30', start_time: 18, end_time: 19 }), { play: quota, club: roomy })
      .then([made('r-new', { date: '2026-11-30', start_time: 18, end_time: 19 })]);
    given(...full)
      .when(makeCommand({ date: '2026-11-28', start_time: 18, end_time: 19 }), { play: quota, club: roomy })
      .then([made('r-new', { date: '2026-11-28', start_time: 18, end_time: 19 })]);
  });
  it('given a week with the clock change (Mo 19 – So 25 Oct 2026), when counting, then its days count as any week’s', () => {
    const dst = withRules({
      co_players: 'optional',
      quotas: [{ days: [7], from_hour: 1, to_hour: 4, hours_per_week: 2 }],
    });
    const sunday = '2026-10-25';
    given(
      made('r-1', { date: sunday, start_time: 1, end_time: 2 }),
      made('r-2', { date: sunday, start_time: 3, end_time: 4, court_num: '2' }),
    )
      .when(makeCommand({ date: sunday, start_time: 2, end_time: 3, court_num: '1' }), {
        play: dst,
        now: { date: '2026-10-19', hour: 9 },
        club: { ...roomy, start_hour: 1 },
      })
      .thenFails('forbidden', playerTexts.quotaExceeded(null, 'So 1–4 Uhr', 2));
  });
  it('given an admin books, when over the quota, then quotas do not bind them', () => {
    given(
      evening('r-1', tuesday, { user_id: admin.user_id }),
      evening('r-2', '2026-11-25', { user_id: admin.user_id }),
    )
      .when(makeCommand({ actor: admin, date: '2026-11-26', start_time: 18, end_time: 19 }), {
        play: quota,
        club: roomy,
      })
      .then([made('r-new', { user_id: admin.user_id, date: '2026-11-26', start_time: 18, end_time: 19 })]);
  });
});

describe('short notice is free of the quotas, to the hour', () => {
  const exempt = withRules({
    co_players: 'optional',
    quotas: [{ ...primeTime, hours_per_week: 1 }],
    quota_exempt_hours: 3,
  });
  const used = made('r-1', { date: '2026-11-23', start_time: 17, end_time: 18 });
  const at18 = makeCommand({ date: '2026-11-23', start_time: 18, end_time: 19, court_num: '2' });
  it('given the quota used, when the booking starts exactly 3 hours from now, then it is allowed', () => {
    given(used)
      .when(at18, { play: exempt, club: roomy, now: { date: '2026-11-23', hour: 15 } })
      .then([made('r-new', { date: '2026-11-23', start_time: 18, end_time: 19, court_num: '2' })]);
  });
  it('given the quota used, when the booking starts 4 hours from now, then the quota binds', () => {
    given(used)
      .when(at18, { play: exempt, club: roomy, now: { date: '2026-11-23', hour: 14 } })
      .thenFails('forbidden', playerTexts.quotaExceeded(null, 'Mo–Fr 17–21 Uhr', 1));
  });
});

describe('a doubles may last as long as the club says', () => {
  const doubles = withRules({ co_players: 'required', doubles_hours: 2, guests: true });
  const four = [other, { user_id: third.user_id }, guest()];
  it('when three co-players are named for two hours, then it is made', () => {
    given()
      .when(makeCommand({ end_time: 12, players: four }), { play: doubles })
      .then([
        made('r-new', {
          end_time: 12,
          players: [other, { user_id: third.user_id }, { guest_id: 'g-1', fee_cents: 0 }],
        }),
      ]);
  });
  it('when a singles asks for two hours, then it is refused', () => {
    given()
      .when(makeCommand({ end_time: 12, players: [other] }), { play: doubles })
      .thenFails('forbidden', playerTexts.tooLong(2));
  });
  it('when the club keeps doubles to one hour, then two hours get the old sentence', () => {
    given()
      .when(makeCommand({ end_time: 12, players: four }), { play: required })
      .thenFails('forbidden', reservationTexts.playerOneHourOnly);
  });
});

describe('changing a booking’s players', () => {
  const mine = made('r-1', { date: tuesday, players: [other] });
  it('when the players are left out, then they stay and the event says nothing of them', () => {
    given(mine)
      .when(change({ start_time: 11, end_time: 12 }), { play: required })
      .then([
        {
          type: 'ReservationChanged',
          reservation_id: 'r-1',
          data: { court_num: '3', date: tuesday, start_time: 11, end_time: 12 },
        },
      ]);
  });
  it('when others are named, then the change records them', () => {
    given(mine)
      .when(change({ players: [{ user_id: third.user_id }] }), { play: required })
      .then([
        {
          type: 'ReservationChanged',
          reservation_id: 'r-1',
          data: {
            court_num: '3',
            date: tuesday,
            start_time: 10,
            end_time: 11,
            players: [{ user_id: third.user_id }],
          },
        },
      ]);
  });
  it('when the new time has a named member on another court, then 409 names them', () => {
    given(
      mine,
      made('r-2', {
        user_id: third.user_id,
        court_num: '1',
        date: tuesday,
        start_time: 12,
        end_time: 13,
        players: [other],
      }),
    )
      .when(change({ start_time: 12, end_time: 13 }), { play: required })
      .thenFails('conflict', playerTexts.playsElsewhere('Otto Ander', '1', tuesday, 12));
  });
});

describe('a named member takes themselves off', () => {
  const booked = made('r-1', {
    date: tuesday,
    players: [other, { user_id: third.user_id }, { guest_id: 'g-1', fee_cents: 0 }],
  });
  it('when named, then CoPlayerLeft', () => {
    given(booked)
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer })
      .then([{ type: 'CoPlayerLeft', reservation_id: 'r-1', data: { user_id: otherPlayer.user_id } }]);
  });
  it('when not named (the booker, a stranger, a cancelled booking), then 404', () => {
    given(booked)
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: player })
      .thenFails('not_found', playerTexts.notNamed);
    given(booked)
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: fourth })
      .thenFails('not_found', playerTexts.notNamed);
  });
  it('when it has begun, then it can no longer be left', () => {
    given(made('r-1', { players: [other], start_time: 8, end_time: 9 }))
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer })
      .thenFails('past', reservationTexts.changeAlreadyBegun);
  });
});

describe('a player’s doubles of two hours loses a player', () => {
  const doubles = (fields = {}) =>
    made('r-1', {
      date: tuesday,
      start_time: 12,
      end_time: 14,
      players: [other, { user_id: third.user_id }, { user_id: fourth.user_id }],
      ...fields,
    });
  const left = {
    type: 'CoPlayerLeft',
    reservation_id: 'r-1',
    data: { user_id: otherPlayer.user_id },
  } as const;
  it('when a member leaves, then it is shortened to the one hour a singles may last, in the same decision', () => {
    given(doubles())
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer }, { play: required })
      .then([
        left,
        {
          type: 'ReservationChanged',
          reservation_id: 'r-1',
          data: { court_num: '3', date: tuesday, start_time: 12, end_time: 13 },
        },
      ]);
  });
  it('when it is an admin’s booking, then it keeps its hours', () => {
    given(doubles({ user_id: admin.user_id }))
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer }, { play: required })
      .then([left]);
  });
  it('when it lasts one hour, then only the player leaves', () => {
    given(doubles({ end_time: 13 }))
      .when({ type: 'LeaveAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer }, { play: required })
      .then([left]);
  });
});

describe('a member who left is named again only by themselves', () => {
  const booked = made('r-1', { date: tuesday, players: [other] });
  const left = {
    type: 'CoPlayerLeft',
    reservation_id: 'r-1',
    data: { user_id: otherPlayer.user_id },
  } as const;
  const optional = withRules({ co_players: 'optional' });
  it('when the booker names them again, then it is refused naming them', () => {
    given(booked, left)
      .when(change({ players: [other] }), { play: optional })
      .thenFails('forbidden', playerTexts.leftBooking('Otto Ander'));
  });
  it('when an admin names them again, then it is refused too', () => {
    given(booked, left)
      .when(change({ actor: admin, players: [other] }), { play: optional })
      .thenFails('forbidden', playerTexts.leftBooking('Otto Ander'));
  });
  it('when the booker changes the hour and names someone else, then that is their right', () => {
    given(booked, left)
      .when(change({ start_time: 11, end_time: 12, players: [{ user_id: third.user_id }] }), {
        play: optional,
      })
      .then([
        {
          type: 'ReservationChanged',
          reservation_id: 'r-1',
          data: {
            court_num: '3',
            date: tuesday,
            start_time: 11,
            end_time: 12,
            players: [{ user_id: third.user_id }],
          },
        },
      ]);
  });
  it('when they come back themselves, then the booking names them again; then the booker may keep them', () => {
    const back: ReservationChanged = {
      type: 'ReservationChanged',
      reservation_id: 'r-1',
      data: { court_num: '3', date: tuesday, start_time: 10, end_time: 11, players: [other] },
    };
    given(booked, left)
      .when({ type: 'RejoinAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer }, { play: optional })
      .then([back]);
    given(booked, left, back)
      .when(change({ players: [other] }), { play: optional })
      .then([{ ...back, data: { ...back.data, players: [other] } }]);
  });
  it('when someone who never left asks to come back, then 404', () => {
    given(booked)
      .when({ type: 'RejoinAsCoPlayer', reservation_id: 'r-1', actor: third }, { play: optional })
      .thenFails('not_found', playerTexts.notLeft);
  });
  it('when coming back would break a rule about who plays (two co-players where 1 or 3 are required), then refused', () => {
    given(made('r-1', { date: tuesday, players: [other, { user_id: third.user_id }] }), left)
      .when({ type: 'RejoinAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer }, { play: required })
      .thenFails('forbidden', playerTexts.singlesOrDoubles);
  });
  it('when they play elsewhere at that hour by now, then refused naming the court', () => {
    given(booked, left, made('r-2', { date: tuesday, court_num: '1', user_id: otherPlayer.user_id }))
      .when({ type: 'RejoinAsCoPlayer', reservation_id: 'r-1', actor: otherPlayer }, { play: optional })
      .thenFails('conflict', playerTexts.playsElsewhere(null, '1', tuesday, 10));
  });
});
