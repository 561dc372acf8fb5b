/** The Verein tab's categories card: the draft it keeps, what it sends, where each error shows. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { ClubSettingsBody, PlayRules } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { ApiError } from '@platzbuchung/ui/api/client';
import {
  categoriesBody,
  categoriesDraftErrors,
  draftOf,
  idOf,
  newWindow,
} from '../src/features/club-settings/categories-body';
import { categoriesMachine } from '../src/features/club-settings/categories-machine';

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
const defaults: Pick<PlayRules, 'categories' | 'junior_until_age'> = DEFAULT_PLAY_RULES;

function start(save: (body: ClubSettingsBody) => Promise<{ message: string }>) {
  const sent: ClubSettingsBody[] = [];
  const actor = createActor(
    categoriesMachine.provide({
      actors: {
        save: fromPromise<{ message: string }, { body: ClubSettingsBody }>(({ input }) => {
          sent.push(input.body);
          return save(input.body);
        }),
      },
    }),
    {
      input: {
        draft: draftOf(defaults),
        newWindow: () => newWindow(club),
        bodyOf: (draft) => categoriesBody(club, draft),
        errorsOf: categoriesDraftErrors,
      },
    },
  ).start();
  return { actor, sent };
}

const saved = async () => ({ message: 'Die Vereinseinstellungen wurden gespeichert.' });

describe('given a club with the one default category', () => {
  it('when saved unchanged, then "Mitglied" goes as it is and no juniors by age', async () => {
    const { actor, sent } = start(saved);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(sent).toEqual([{ ...core, categories: DEFAULT_PLAY_RULES.categories, junior_until_age: null }]);
  });

  it('when the admin adds "Jugend" until 18 Uhr on weekdays, limit 1, juniors until 18, then its id is made from its name', async () => {
    const { actor, sent } = start(saved);
    actor.send({ type: 'category.add' });
    actor.send({
      type: 'category.change',
      index: 1,
      changes: { name: 'Jugend', limit_choice: 'own', limit: '1' },
    });
    actor.send({ type: 'window.add', index: 1 });
    actor.send({ type: 'junior.change', value: '18' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(sent[0]).toMatchObject({
      categories: [
        { id: 'mitglied', name: 'Mitglied', can_book: true },
        {
          id: 'jugend',
          name: 'Jugend',
          can_book: true,
          windows: [{ days: [1, 2, 3, 4, 5], from_hour: 8, to_hour: 18 }],
          reservations_limit: 1,
        },
      ],
      junior_until_age: 18,
    });
    // Renamed after the save, the category keeps its id: its members stay in it.
    actor.send({ type: 'category.change', index: 1, changes: { name: 'Junioren' } });
    expect(categoriesBody(club, actor.getSnapshot().context.draft).categories?.[1]?.id).toBe('jugend');
  });

  it('when a name is blank or juniors by age lack "jugend", then the German error shows at its control and nothing is sent', () => {
    const { actor, sent } = start(saved);
    actor.send({ type: 'category.add' });
    actor.send({ type: 'junior.change', value: '18' });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.errors['/categories/1/name']).toBe(
      'Jede Kategorie braucht einen Namen von 1 bis 30 Zeichen, ohne Steuerzeichen.',
    );
    actor.send({ type: 'category.change', index: 1, changes: { name: 'Senioren' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors['/junior_until_age']).toBe(
      'Für Jugendliche nach Alter braucht der Verein eine Kategorie mit der Kennung „jugend“.',
    );
  });

  it('when the API refuses two categories of one id, then its error shows at the name', async () => {
    const refusal = new ApiError(
      400,
      [{ instancePath: '/categories/1/id', message: 'Die Kennung „mitglied“ hat mehr als eine Kategorie.' }],
      null,
    );
    const { actor } = start(() => Promise.reject(refusal));
    actor.send({ type: 'category.add' });
    actor.send({ type: 'category.change', index: 1, changes: { name: 'Senioren' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => !s.hasTag('saving') && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({
      '/categories/1/name': 'Die Kennung „mitglied“ hat mehr als eine Kategorie.',
    });
  });

  it('makes ids from names as the schema takes them', () => {
    expect(idOf('Ü 60 Senioren')).toBe('ue-60-senioren');
    expect(idOf('Jugend')).toBe('jugend');
    expect(idOf('!!!')).toBe('kategorie');
  });
});
