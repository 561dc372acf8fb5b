/**
 * Given / when / then for each booking rule about people (src/players/rules/): who is named, one
 * court at a time, a named member's limit, the weekly quotas. Each rule alone, on the part of the
 * context it reads.
 */
import { describe, expect, it } from 'vitest';
import { playRulesOf } from '../../src/players/play-rules';
import type { PlayContext } from '../../src/players/who-plays';
import { namedWithinLimit } from '../../src/players/rules/named-limit';
import { oneCourtAtATime } from '../../src/players/rules/one-court-at-a-time';
import { withinQuotas } from '../../src/players/rules/quotas';
import { whoIsNamed } from '../../src/players/rules/who-is-named';
import * as playerTexts from '../../src/players/texts';
import type { PlayRules } from '../../src/schemas';
import { asked } from '../booking-rules/support';
import { admin, club, now, otherPlayer, play, row } from '../reservations/support/fixtures';

const other = { user_id: otherPlayer.user_id };
const withRules = (rules: Partial<PlayRules>): PlayContext => ({ ...play, rules: playRulesOf(rules) });
const required = withRules({ co_players: 'required', guests: true, co_players_count: true });

describe('who-is-named', () => {
  it('given co-players required, when one member is named, then it holds; none, the booker, or a guest named "A ", then refused', () => {
    expect(whoIsNamed.check(asked({ players: [other] }), { play: required }, now)).toBeNull();
    expect(whoIsNamed.check(asked(), { play: required }, now)).toEqual({
      kind: 'forbidden',
      message: playerTexts.coPlayersRequired,
    });
    expect(
      whoIsNamed.check(asked({ players: [{ user_id: 'user-player' }] }), { play: required }, now),
    ).toEqual({
      kind: 'invalid',
      message: playerTexts.bookerNamed,
    });
    const guest = { guest_id: 'g-1', guest_name: 'A ' };
    expect(whoIsNamed.check(asked({ players: [guest] }), { play: required }, now)).toEqual({
      kind: 'invalid',
      message: playerTexts.guestNameInvalid,
    });
  });
});

describe('one-court-at-a-time', () => {
  const elsewhere = [row({ _id: 'r-9', court_num: '1', date: '2026-11-24', user_id: otherPlayer.user_id })];
  it('given Otto plays on court 1 at 10, when he is named on court 3 at 10, then 409 naming him and the court', () => {
    const context = { club, existing: elsewhere, play: required };
    expect(oneCourtAtATime.check(asked({ players: [other] }), context, now)).toEqual({
      kind: 'conflict',
      message: playerTexts.playsElsewhere('Anna user-other', '1', '2026-11-24', 10),
    });
    expect(
      oneCourtAtATime.check(asked({ players: [other], start_time: 11, end_time: 12 }), context, now),
    ).toBeNull();
  });
  it('given a club that names nobody, or an admin naming nobody, then two courts at once hold as before', () => {
    const own = [row({ _id: 'r-9', court_num: '1', date: '2026-11-24' })];
    expect(oneCourtAtATime.check(asked(), { club, existing: own, play }, now)).toBeNull();
    expect(
      oneCourtAtATime.check(asked({ actor: admin }), { club, existing: own, play: required }, now),
    ).toBeNull();
  });
});

describe('named-within-limit', () => {
  it('given co-players count and Otto has 2 bookings to come, when he is named, then 403 naming him', () => {
    const his = [
      row({ _id: 'r-8', user_id: otherPlayer.user_id, date: '2026-11-25' }),
      row({ _id: 'r-9', user_id: otherPlayer.user_id, date: '2026-11-26' }),
    ];
    expect(
      namedWithinLimit.check(asked({ players: [other] }), { club, existing: his, play: required }, now),
    ).toEqual({
      kind: 'forbidden',
      message: playerTexts.memberLimitReached('Anna user-other', 2),
    });
    expect(
      namedWithinLimit.check(
        asked({ players: [other] }),
        { club, existing: his.slice(1), play: required },
        now,
      ),
    ).toBeNull();
  });
});

describe('within-quotas', () => {
  const quota = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 1 };
  const rationed = withRules({ co_players: 'optional', quotas: [quota] });
  it('given one prime-time hour a week used on Monday, when the player asks for Tuesday 18-19, then 403 naming the window; 10-11 holds', () => {
    const used = [row({ _id: 'r-9', date: '2026-11-23', start_time: 18, end_time: 19 })];
    const context = { club, existing: used, play: rationed };
    expect(withinQuotas.check(asked({ start_time: 18, end_time: 19 }), context, now)).toMatchObject({
      kind: 'forbidden',
    });
    expect(withinQuotas.check(asked(), context, now)).toBeNull();
    expect(
      withinQuotas.check(asked({ actor: admin, start_time: 18, end_time: 19 }), context, now),
    ).toBeNull();
  });
});
