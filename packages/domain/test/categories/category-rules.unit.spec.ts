/**
 * Given / when / then for each rule by category: who may book, when a category plays, and the
 * limits and quotas that read a member's category; the booker and named members alike, each refusal
 * naming the person and their category.
 */
import { describe, expect, it } from 'vitest';
import { categoryCanBook } from '../../src/categories/rules/can-book';
import { categoryWindows } from '../../src/categories/rules/play-windows';
import { playRulesOf } from '../../src/players/play-rules';
import { namedWithinLimit } from '../../src/players/rules/named-limit';
import { withinQuotas } from '../../src/players/rules/quotas';
import type { PlayContext } from '../../src/players/who-plays';
import { withinLimit } from '../../src/reservations/rules/limit';
import * as texts from '../../src/texts';
import type { MemberCategory } from '../../src/schemas';
import { asked } from '../booking-rules/support';
import { admin, club, now, player, row } from '../reservations/support/fixtures';
import { adults, coaches, juniors, passive } from './support';

const lena = 'user-lena';
const paul = 'user-paul';
const tom = 'user-tom';
const person = (first_name: string, last_name: string, category: MemberCategory) => ({
  first_name,
  last_name,
  status: 'active' as const,
  category,
});
const primeTime = { days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 1 };
const play: PlayContext = {
  rules: playRulesOf({
    co_players: 'optional',
    co_players_count: true,
    quotas: [primeTime],
    categories: [adults, juniors, passive, coaches],
  }),
  members: new Map([
    [player.user_id, person('Anna', 'Muster', adults)],
    [lena, person('Lena', 'Graf', juniors)],
    [paul, person('Paul', 'Ruhe', passive)],
    [tom, person('Tom', 'Trainer', coaches)],
  ]),
};
const friday = '2026-11-27';
const as = (user_id: string) => ({ user_id, role: 'player' }) as const;

describe('category-can-book', () => {
  it('given Paul is Passiv, when he books, then 403 naming him and his category', () => {
    expect(categoryCanBook.check(asked({ actor: as(paul) }), { play }, now)).toEqual({
      kind: 'forbidden',
      message: 'Paul Ruhe (Passiv) darf keine Plätze buchen.',
    });
  });
  it('given Paul is Passiv, when Anna names him, then 403 naming him; when an admin names him, then it holds', () => {
    expect(categoryCanBook.check(asked({ players: [{ user_id: paul }] }), { play }, now)).toEqual({
      kind: 'forbidden',
      message: 'Paul Ruhe (Passiv) darf nicht als Mitspieler eingetragen werden.',
    });
    const byAdmin = asked({ actor: admin, players: [{ user_id: paul }] });
    expect(categoryCanBook.check(byAdmin, { play }, now)).toBeNull();
  });
  it('given Anna and Lena may book, when Anna names Lena, then it holds', () => {
    expect(categoryCanBook.check(asked({ players: [{ user_id: lena }] }), { play }, now)).toBeNull();
  });
});

describe('category-windows', () => {
  const context = { club, play };
  it('given Lena is Jugend (Mo–Fr until 18), when she books Friday 17–18, then it holds; 18–19, then 403 in her words', () => {
    const edge = asked({ actor: as(lena), date: friday, start_time: 17, end_time: 18 });
    expect(categoryWindows.check(edge, context, now)).toBeNull();
    const late = asked({ actor: as(lena), date: friday, start_time: 18, end_time: 19 });
    expect(categoryWindows.check(late, context, now)).toEqual({
      kind: 'forbidden',
      message: 'Lena Graf (Jugend) darf Mo–Fr nur bis 18 Uhr spielen.',
    });
  });
  it('given Lena is Jugend, when Anna books Friday 19 naming her, then 403 naming Lena; Saturday 19, then it holds', () => {
    const named = asked({ date: friday, start_time: 19, end_time: 20, players: [{ user_id: lena }] });
    expect(categoryWindows.check(named, context, now)?.message).toBe(
      'Lena Graf (Jugend) darf Mo–Fr nur bis 18 Uhr spielen.',
    );
    const saturday = { ...named, date: '2026-11-28' };
    expect(categoryWindows.check(saturday, context, now)).toBeNull();
  });
  it('given an admin books Friday 19 naming Lena, then the club’s booking holds', () => {
    const byAdmin = asked({
      actor: admin,
      date: friday,
      start_time: 19,
      end_time: 20,
      players: [{ user_id: lena }],
    });
    expect(categoryWindows.check(byAdmin, context, now)).toBeNull();
  });
});

describe('limits by category', () => {
  const lenasOne = [row({ _id: 'r-8', user_id: lena, date: '2026-11-25' })];
  it('given Lena (Jugend, limit 1) has one booking to come, when she books another, then refused naming her category', () => {
    const context = { club, existing: lenasOne, play };
    expect(withinLimit.check(asked({ actor: as(lena) }), context, now)).toEqual({
      kind: 'limit',
      message:
        'Lena Graf (Jugend) hat bereits eine anstehende Reservierung, so viele wie die Kategorie erlaubt.',
    });
    expect(withinLimit.check(asked({ actor: as(lena) }), { ...context, existing: [] }, now)).toBeNull();
  });
  it('given Lena has one booking to come, when Anna names her, then 403 naming Lena and her category', () => {
    const context = { club, existing: lenasOne, play };
    expect(namedWithinLimit.check(asked({ players: [{ user_id: lena }] }), context, now)).toEqual({
      kind: 'forbidden',
      message:
        'Lena Graf (Jugend) hat bereits eine anstehende Reservierung, so viele wie die Kategorie erlaubt, und kann nicht eingetragen werden.',
    });
  });
  it('given Tom is Trainer (no limit) with five bookings to come, when he books or is named, then it holds', () => {
    const five = [1, 2, 3, 4, 5].map((n) => row({ _id: `r-${n}`, user_id: tom, date: `2026-11-2${n + 3}` }));
    const context = { club, existing: five, play };
    expect(withinLimit.check(asked({ actor: as(tom) }), context, now)).toBeNull();
    expect(namedWithinLimit.check(asked({ players: [{ user_id: tom }] }), context, now)).toBeNull();
  });
  it('given Anna (Erwachsene, the club’s limit of 2) has two to come, then the sentence every club knows', () => {
    const two = [row({ _id: 'r-1', date: '2026-11-25' }), row({ _id: 'r-2', date: '2026-11-26' })];
    expect(withinLimit.check(asked(), { club, existing: two, play }, now)).toEqual({
      kind: 'limit',
      message: texts.limitReached(2),
    });
  });
});

describe('quotas by category', () => {
  const tomsHour = [row({ _id: 'r-1', user_id: tom, date: '2026-11-24', start_time: 18, end_time: 19 })];
  const evening = asked({ date: '2026-11-25', start_time: 18, end_time: 19 });
  it('given Tom (Trainer, quota exempt) used his prime-time hour, when named again, then it holds; Lena in his place, then refused', () => {
    expect(
      withinQuotas.check(
        { ...evening, players: [{ user_id: tom }] },
        { club, existing: tomsHour, play },
        now,
      ),
    ).toBeNull();
    const lenasHour = [{ ...tomsHour[0]!, user_id: lena }];
    const refusal = withinQuotas.check(
      { ...evening, date: '2026-11-24', end_time: 18, start_time: 17, players: [{ user_id: lena }] },
      { club, existing: lenasHour, play },
      now,
    );
    expect(refusal?.message).toContain('Lena Graf hat');
  });
});
