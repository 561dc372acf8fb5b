/** The pipeline of booking rules: one list in one order, its context every rule's parts together. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Block } from '../../src/blocks/blocks';
import type { NoShowPauses } from '../../src/check-in/rules/not-paused';
import { bookingRules, type BookingRuleContext } from '../../src/booking-rules/pipeline';
import { firstRefusal } from '../../src/booking-rules/rule';
import type { PlayContext } from '../../src/players/who-plays';
import * as playerTexts from '../../src/players/texts';
import * as reservationTexts from '../../src/reservations/texts';
import type { Club, Reservation } from '../../src/types';
import { club, now, otherPlayer, play } from '../reservations/support/fixtures';
import { asked } from './support';

describe('the pipeline of booking rules', () => {
  it('asks the slot before the people, a malformed request before anything about who may do what', () => {
    expect(bookingRules.map((rule) => `${rule.about}:${rule.name}`)).toEqual([
      'slot:court-exists',
      'slot:opening-hours',
      'slot:valid-date',
      'slot:role',
      'slot:not-paused',
      'people:who-is-named',
      'slot:not-past',
      'slot:not-too-far-ahead',
      'slot:within-horizon',
      'slot:within-limit',
      'slot:court-free',
      'slot:court-open',
      'people:one-court-at-a-time',
      'people:named-within-limit',
      'people:within-quotas',
    ]);
  });

  it('needs every part some rule reads: a context without the blocks, or the play rules, does not compile', () => {
    expectTypeOf<{
      club: Club;
      existing: Reservation[];
      blocks: Block[];
      play: PlayContext;
      noShowPauses: NoShowPauses;
    }>().toExtend<BookingRuleContext>();
    expectTypeOf<{
      club: Club;
      existing: Reservation[];
      blocks: Block[];
      play: PlayContext;
    }>().not.toExtend<BookingRuleContext>();
    expectTypeOf<{
      club: Club;
      existing: Reservation[];
      play: PlayContext;
    }>().not.toExtend<BookingRuleContext>();
    expectTypeOf<{
      club: Club;
      existing: Reservation[];
      blocks: Block[];
    }>().not.toExtend<BookingRuleContext>();
  });

  it('answers the first rule broken; with `people`, only the rules about people', () => {
    const context = { club, existing: [], blocks: [], play, noShowPauses: new Map(), bookingRules };
    const unknownCourtAndNamed = asked({ court_num: '9', players: [{ user_id: otherPlayer.user_id }] });
    expect(firstRefusal(unknownCourtAndNamed, context, now)).toEqual({
      kind: 'invalid',
      message: reservationTexts.unknownCourt(4),
    });
    expect(firstRefusal(unknownCourtAndNamed, context, now, 'people')).toEqual({
      kind: 'forbidden',
      message: playerTexts.coPlayersOff,
    });
    expect(firstRefusal(asked(), context, now)).toBeNull();
  });
});
