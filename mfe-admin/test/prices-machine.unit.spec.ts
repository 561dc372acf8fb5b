/** The Verein tab's prices card: the draft it keeps, what it sends, the preview, where each error shows. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { priceTexts } from '@platzbuchung/domain/money/prices';
import type { ClubSettingsBody, PriceRule, PriceSettings } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import {
  draftOf,
  mostExpensiveHour,
  newPriceRule,
  previewText,
  pricesBody,
  pricesErrors,
} from '../src/features/club-settings/prices-body';
import { pricesMachine } from '../src/features/club-settings/prices-machine';

const club: Club = {
  _id: 'club-1',
  name: 'TC Grün',
  courts_count: 6,
  start_hour: 8,
  end_hour: 22,
  reservations_limit: 3,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: null,
  cancel_deadline_hours: 0,
  has_rules: false,
};
const core = { name: 'TC Grün', courts_count: 6, start_hour: 8, end_hour: 22, reservations_limit: 3 };
const hall: PriceRule = {
  label: 'Hallenmiete',
  courts: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: 8,
  to_hour: 22,
  cents_per_hour: 1800,
};
const floodlight: PriceRule = {
  label: 'Flutlicht',
  courts: ['5'],
  days: [2],
  from_hour: 19,
  to_hour: 22,
  cents_per_hour: 300,
};
const none: PriceSettings = { prices: [], split_court_fee: false, payment: 'none' };

function start(settings: PriceSettings, save: (body: ClubSettingsBody) => Promise<{ message: string }>) {
  const sent: ClubSettingsBody[] = [];
  const actor = createActor(
    pricesMachine.provide({
      actors: {
        save: fromPromise<{ message: string }, { body: ClubSettingsBody }>(({ input }) => {
          sent.push(input.body);
          return save(input.body);
        }),
      },
    }),
    {
      input: {
        draft: draftOf(club, settings),
        newRule: () => newPriceRule(club),
        bodyOf: (draft) => pricesBody(club, draft),
        errorsOf: (draft) => pricesErrors(club, draft),
      },
    },
  ).start();
  return { actor, sent };
}

const saved = async () => ({ message: 'Die Vereinseinstellungen wurden gespeichert.' });

describe('given a club with hall rent and floodlight on court 5 on Tuesday evenings', () => {
  it('when the card opens, then the preview starts at the most expensive hour and reads as a member would', () => {
    const draft = draftOf(club, { prices: [hall, floodlight], split_court_fee: false, payment: 'none' });
    expect(mostExpensiveHour(club, [hall, floodlight])).toEqual({ court_num: '5', weekday: 2, hour: 19 });
    expect(previewText(club, draft)).toBe('Di 19–20 Uhr, Platz 5: 21,00\u00a0€');
    expect(draft.rules[0]!.price).toBe('18,00');
  });

  it('when the admin picks another hour, then the preview prices that one', () => {
    const { actor } = start({ prices: [hall, floodlight], split_court_fee: false, payment: 'none' }, saved);
    actor.send({ type: 'preview.change', changes: { court_num: '1', weekday: 6, hour: 10 } });
    expect(previewText(club, actor.getSnapshot().context.draft)).toBe('Sa 10–11 Uhr, Platz 1: 18,00\u00a0€');
  });

  it('when saved unchanged, then the club’s settings go as they are and the rules as they were', async () => {
    const { actor, sent } = start(
      { prices: [hall, floodlight], split_court_fee: true, payment: 'none' },
      saved,
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(sent).toEqual([{ ...core, prices: [hall, floodlight], split_court_fee: true, payment: 'none' }]);
  });
});

describe('given a club without prices', () => {
  it('when the admin adds a rule with a label, chosen courts, days and "18,50", then it is sent in cents', async () => {
    const { actor, sent } = start(none, saved);
    actor.send({ type: 'rule.add' });
    actor.send({
      type: 'rule.change',
      index: 0,
      changes: { label: 'Flutlicht', price: '18,50', all_courts: false },
    });
    actor.send({ type: 'rule.court', index: 0, court: '4', checked: true });
    actor.send({ type: 'rule.court', index: 0, court: '2', checked: true });
    actor.send({ type: 'rule.day', index: 0, day: 6, checked: false });
    actor.send({ type: 'rule.day', index: 0, day: 7, checked: false });
    actor.send({ type: 'rule.change', index: 0, changes: { from_hour: 17 } });
    actor.send({ type: 'split.change', value: true });
    actor.send({ type: 'payment.change', value: 'account' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(sent).toEqual([
      {
        ...core,
        prices: [
          {
            label: 'Flutlicht',
            courts: ['2', '4'],
            days: [1, 2, 3, 4, 5],
            from_hour: 17,
            to_hour: 22,
            cents_per_hour: 1850,
          },
        ],
        split_court_fee: true,
        payment: 'account',
      },
    ]);
  });

  it('when a new rule has no label and no price, then nothing is sent and each error shows at its field', () => {
    const { actor, sent } = start(none, saved);
    actor.send({ type: 'rule.add' });
    actor.send({ type: 'form.submit' });
    const { errors } = actor.getSnapshot().context;
    expect(sent).toEqual([]);
    expect(errors['/prices/0/label']).toMatch(/Bezeichnung/);
    expect(errors['/prices/0/cents_per_hour']).toMatch(/500,00 €/);
  });

  it('when only blanks are typed as label, then the club-side check says so before sending', () => {
    const { actor, sent } = start(none, saved);
    actor.send({ type: 'rule.add' });
    actor.send({ type: 'rule.change', index: 0, changes: { label: '   ', price: '3' } });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.errors['/prices/0/label']).toBe(priceTexts.blankLabel);
  });

  it('when "only these courts" has none ticked, then the courts show the error in German', () => {
    const { actor } = start(none, saved);
    actor.send({ type: 'rule.add' });
    actor.send({ type: 'rule.change', index: 0, changes: { label: 'Halle', price: '3', all_courts: false } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors['/prices/0/courts']).toMatch(/mindestens einen Platz/);
  });

  it('when a row with errors is removed, then the errors of the rows below move up with them', () => {
    const { actor } = start(none, saved);
    actor.send({ type: 'rule.add' });
    actor.send({ type: 'rule.add' });
    actor.send({ type: 'rule.change', index: 0, changes: { label: 'Halle', price: '3' } });
    actor.send({ type: 'form.submit' });
    expect(
      Object.keys(actor.getSnapshot().context.errors).every((path) => path.startsWith('/prices/1/')),
    ).toBe(true);
    actor.send({ type: 'rule.remove', index: 0 });
    const paths = Object.keys(actor.getSnapshot().context.errors);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path.startsWith('/prices/0/'))).toBe(true);
  });

  it('when 31 rules are asked for, then the card keeps 30', () => {
    const { actor } = start(none, saved);
    for (let i = 0; i < 31; i++) actor.send({ type: 'rule.add' });
    expect(actor.getSnapshot().context.draft.rules).toHaveLength(30);
  });

  it('given the API’s 400, keeps its errors by path', async () => {
    const refusal = new ApiError(
      400,
      [{ instancePath: '/prices/0/courts', message: priceTexts.unknownCourt('7', 6) }],
      null,
    );
    const { actor } = start({ prices: [hall], split_court_fee: false, payment: 'none' }, () =>
      Promise.reject(refusal),
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({
      '/prices/0/courts': priceTexts.unknownCourt('7', 6),
    });
  });
});
