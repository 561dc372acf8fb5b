import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Child } from '@platzbuchung/domain/families/schemas';
import * as familyTexts from '@platzbuchung/domain/families/texts';
import { ApiError } from '@platzbuchung/ui/api/client';
import {
  childBodyOf,
  childrenMachine,
  type ChildAnswer,
  type ChildDraft,
} from '../src/features/account/children-machine';

const TOM: Child = { _id: 'tom', first_name: 'Tom', last_name: 'Graf', birth_year: 2012, category: 'Jugend' };

function start({ refuse = null as Error | null } = {}) {
  const saved: ChildDraft[] = [];
  const removed: string[] = [];
  const actors = {
    loadChildren: fromPromise<Child[]>(async () => [TOM]),
    saveChild: fromPromise<ChildAnswer, ChildDraft>(async ({ input }) => {
      saved.push(input);
      if (refuse) throw refuse;
      const body = childBodyOf(input);
      const child = {
        ...body,
        _id: input.id ?? 'lena',
        birth_year: Number(body.birth_year),
        category: 'Jugend',
      };
      const { id: _id, ...data } = child;
      return { message: familyTexts.childAdded('Lena Graf'), data };
    }),
    removeChild: fromPromise<{ message: string }, string>(async ({ input }) => {
      removed.push(input);
      return { message: familyTexts.childRemoved('Tom Graf') };
    }),
  };
  const actor = createActor(childrenMachine.provide({ actors })).start();
  return { actor, saved, removed };
}

const type = (actor: ReturnType<typeof start>['actor'], draft: Omit<ChildDraft, 'id'>) => {
  for (const [field, value] of Object.entries(draft)) {
    actor.send({ type: 'draft.change', field: field as keyof typeof draft, value });
  }
};

describe('the children machine', () => {
  it('lists the children, adds one through the form and keeps the list by first name', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.children).toEqual([TOM]);

    actor.send({ type: 'child.add' });
    type(actor, { first_name: 'Lena', last_name: 'Graf', birth_year: '2014' });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('ready'));

    expect(saved).toEqual([{ id: null, first_name: 'Lena', last_name: 'Graf', birth_year: '2014' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      draft: null,
      message: familyTexts.childAdded('Lena Graf'),
      error: null,
    });
    expect(actor.getSnapshot().context.children.map((c) => c.first_name)).toEqual(['Lena', 'Tom']);
  });

  it('edits a child from their row, sending their id', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'child.edit', child: TOM });
    expect(actor.getSnapshot().context.draft).toEqual({
      id: 'tom',
      first_name: 'Tom',
      last_name: 'Graf',
      birth_year: '2012',
    });
    actor.send({ type: 'draft.change', field: 'birth_year', value: '2011' });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved[0]).toMatchObject({ id: 'tom', birth_year: '2011' });
    expect(actor.getSnapshot().context.children).toEqual([{ ...TOM, birth_year: 2011 }]);
  });

  it("keeps the form as typed with the server's field errors under their fields", async () => {
    const refusal = new ApiError(
      400,
      [{ instancePath: '/birth_year', message: familyTexts.birthYearInvalid(2026) }],
      null,
    );
    const { actor } = start({ refuse: refusal });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'child.add' });
    type(actor, { first_name: 'Lena', last_name: 'Graf', birth_year: '1990' });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.fieldErrors.birth_year !== undefined);
    expect(actor.getSnapshot().context).toMatchObject({
      draft: { first_name: 'Lena', birth_year: '1990' },
      fieldErrors: { birth_year: familyTexts.birthYearInvalid(2026) },
      error: null,
    });
    // Typing again clears that field's error; cancelling closes the form.
    actor.send({ type: 'draft.change', field: 'birth_year', value: '2014' });
    expect(actor.getSnapshot().context.fieldErrors.birth_year).toBeUndefined();
    actor.send({ type: 'draft.cancel' });
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('removes a child and says so', async () => {
    const { actor, removed } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'child.remove', id: 'tom' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(removed).toEqual(['tom']);
    expect(actor.getSnapshot().context).toMatchObject({
      children: [],
      message: familyTexts.childRemoved('Tom Graf'),
    });
  });

  it('sends a year it can read as a number, anything else as typed for the server to judge', () => {
    const draft = { id: null, first_name: 'Lena', last_name: 'Graf' };
    expect(childBodyOf({ ...draft, birth_year: ' 2014 ' }).birth_year).toBe(2014);
    expect(childBodyOf({ ...draft, birth_year: 'zwanzig' }).birth_year).toBe('zwanzig');
  });
});
