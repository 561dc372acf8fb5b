/** The Verein tab's play-rules form: the draft it keeps, what it sends, where each error shows. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { ClubSettingsBody } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import { centsOf } from '@platzbuchung/domain/cents';
import { draftOf, playRulesBody } from '../src/features/club-settings/play-rules-body';
import { playRulesMachine } from '../src/features/club-settings/play-rules-machine';

const club: Club = {
  _id: 'club-1',
  name: 'TC Grün',
  courts_count: 6,
  start_hour: 8,
  end_hour: 21,
  reservations_limit: 3,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: null,
  cancel_deadline_hours: 0,
  has_rules: false,
};

function start(save: (body: ClubSettingsBody) => Promise<{ message: string }>) {
  const sent: ClubSettingsBody[] = [];
  const actor = createActor(
    playRulesMachine.provide({
      actors: {
        save: fromPromise<{ message: string }, { body: ClubSettingsBody }>(({ input }) => {
          sent.push(input.body);
          return save(input.body);
        }),
      },
    }),
    { input: { draft: draftOf(DEFAULT_PLAY_RULES), bodyOf: (draft) => playRulesBody(club, draft) } },
  ).start();
  return { actor, sent };
}

/** The rules this card shows; check-in has a card of its own (docs/check-in.md). */
const { check_in: _ownCard, ...sevenRules } = DEFAULT_PLAY_RULES;

const saved = async () => ({ message: 'Die Vereinseinstellungen wurden gespeichert.' });

describe('the play-rules form', () => {
  it('given the defaults, sends the club’s settings unchanged and all seven rules as shown', async () => {
    const { actor, sent } = start(saved);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(sent).toEqual([
      {
        name: 'TC Grün',
        courts_count: 6,
        start_hour: 8,
        end_hour: 21,
        reservations_limit: 3,
        ...sevenRules,
      },
    ]);
  });

  it('given co-players required, guests at 5 € and a weekday-evening quota, sends them in the contract’s shape', async () => {
    const { actor, sent } = start(saved);
    actor.send({ type: 'rule.change', name: 'co_players', value: 'required' });
    actor.send({ type: 'rule.change', name: 'guests', value: true });
    actor.send({ type: 'rule.change', name: 'guest_fee', value: '5' });
    actor.send({ type: 'rule.change', name: 'doubles_hours', value: 2 });
    actor.send({ type: 'quota.add' });
    actor.send({ type: 'quota.day', index: 0, day: 5, checked: false });
    actor.send({ type: 'quota.day', index: 0, day: 5, checked: true });
    actor.send({ type: 'rule.change', name: 'quota_exempt_hours', value: '24' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(sent[0]).toMatchObject({
      co_players: 'required',
      guests: true,
      guest_fee_cents: 500,
      doubles_hours: 2,
      quotas: [{ days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 }],
      quota_exempt_hours: 24,
    });
  });

  it('given a quota ending before it begins and no weekday, refuses in the browser under those controls', () => {
    const { actor, sent } = start(saved);
    actor.send({ type: 'quota.add' });
    actor.send({ type: 'quota.add' });
    actor.send({ type: 'quota.change', index: 1, changes: { from_hour: 20, to_hour: 18 } });
    for (const day of [1, 2, 3, 4, 5]) actor.send({ type: 'quota.day', index: 1, day, checked: false });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.errors).toEqual({
      '/quotas/1/days': 'Bitte wählen Sie für jedes Kontingent mindestens einen Wochentag, jeden nur einmal.',
      '/quotas/1/to_hour': 'Ein Kontingent endet zwischen 1 und 24 Uhr und nach seinem Beginn.',
    });
    // Removing the first row moves the second's errors up with it.
    actor.send({ type: 'quota.remove', index: 0 });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['/quotas/0/days', '/quotas/0/to_hour']);
    // Correcting a control clears its own error only.
    actor.send({ type: 'quota.change', index: 0, changes: { to_hour: 22 } });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['/quotas/0/days']);
  });

  it('given a fee that is no amount, the schema’s German message shows under the fee', () => {
    const { actor } = start(saved);
    actor.send({ type: 'rule.change', name: 'guest_fee', value: 'fünf' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors['/guest_fee_cents']).toBe(
      'Die Gastgebühr muss zwischen 0,00 € und 100,00 € pro Stunde liegen.',
    );
  });

  it('allows five quotas, not a sixth', () => {
    const { actor } = start(saved);
    for (let i = 0; i < 6; i++) actor.send({ type: 'quota.add' });
    expect(actor.getSnapshot().context.draft.quotas).toHaveLength(5);
  });

  it('given the API’s 400, keeps its errors by path and its text above the form', async () => {
    const refusal = new ApiError(
      400,
      [
        {
          instancePath: '/quotas/0/hours_per_week',
          message: 'Die Stunden pro Woche müssen zwischen 1 und 168 liegen.',
        },
      ],
      null,
    );
    const { actor } = start(() => Promise.reject(refusal));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({
      '/quotas/0/hours_per_week': 'Die Stunden pro Woche müssen zwischen 1 und 168 liegen.',
    });
  });
});

describe('the guest fee as typed', () => {
  it.each([
    ['5', 500],
    ['5,5', 550],
    ['5,05', 505],
    ['12.50 €', 1250],
    ['0', 0],
  ])('reads %s as %i cents', (text, cents) => {
    expect(centsOf(text)).toBe(cents);
  });

  it('leaves text that is no amount to the schema', () => {
    expect(centsOf('5,123')).toBe('5,123');
  });
});
