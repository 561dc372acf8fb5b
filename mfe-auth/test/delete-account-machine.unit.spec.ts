import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import { deleteAccountMachine, type ErasureFailure } from '../src/features/account/delete-account-machine';

function started(erase: (password: string) => Promise<{ message: string }>) {
  const sent: string[] = [];
  let left = 0;
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: {
        eraseAccount: fromPromise(async ({ input }: { input: { password: string } }) => {
          sent.push(input.password);
          return erase(input.password);
        }),
        leave: fromPromise(async () => {
          left += 1;
        }),
      },
    }),
  ).start();
  return { actor, sent, left: () => left };
}

const refused = (failure: ErasureFailure) =>
  Promise.reject(Object.assign(new Error(failure.message), failure));

describe('the "Konto löschen" popup', () => {
  it('sends nothing without a password and says so at the field', () => {
    const { actor, sent } = started(async () => ({ message: '' }));
    actor.send({ type: 'erase.open' });
    actor.send({ type: 'erase.confirm' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.passwordError).toBe(erasureTexts.passwordMissing);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('keeps the popup open with the server’s words under the password when it is wrong', async () => {
    const { actor, left } = started(() =>
      refused({
        fieldErrors: [{ instancePath: '/password', message: erasureTexts.wrongPassword }],
        message: '',
      }),
    );
    actor.send({ type: 'erase.open' });
    actor.send({ type: 'password.change', value: 'falsch' });
    actor.send({ type: 'erase.confirm' });
    await waitFor(actor, (s) => s.matches('asking') && s.context.passwordError !== null);
    expect(actor.getSnapshot().context.passwordError).toBe(erasureTexts.wrongPassword);
    expect(left()).toBe(0);
  });

  it('says a refusal that is not about the password in the popup (the last admin)', async () => {
    const { actor } = started(() => refused({ fieldErrors: [], message: erasureTexts.lastAdmin }));
    actor.send({ type: 'erase.open' });
    actor.send({ type: 'password.change', value: 'richtig' });
    actor.send({ type: 'erase.confirm' });
    await waitFor(actor, (s) => s.matches('asking') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: erasureTexts.lastAdmin, passwordError: null });
  });

  it('erases with the typed password, then logs out', async () => {
    const { actor, sent, left } = started(async () => ({ message: erasureTexts.accountErased }));
    actor.send({ type: 'erase.open' });
    actor.send({ type: 'password.change', value: 'Geheim1!' });
    actor.send({ type: 'erase.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual(['Geheim1!']);
    expect(left()).toBe(1);
  });

  it('forgets the password when closed and opened again', () => {
    const { actor } = started(async () => ({ message: '' }));
    actor.send({ type: 'erase.open' });
    actor.send({ type: 'password.change', value: 'Geheim1!' });
    actor.send({ type: 'erase.cancel' });
    actor.send({ type: 'erase.open' });
    expect(actor.getSnapshot().context.password).toBe('');
  });
});
