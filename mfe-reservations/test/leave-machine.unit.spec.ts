/** "Austragen": asked once, then sent; a refusal stays with its text and the question again. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { ApiError } from '@platzbuchung/ui/api/client';
import { leaveMachine } from '../src/features/my-reservations/leave-machine';

function start(leave: () => Promise<void>) {
  const left: string[] = [];
  let calls = 0;
  const actor = createActor(
    leaveMachine.provide({
      actors: {
        leave: fromPromise(() => {
          calls++;
          return leave();
        }),
      },
      actions: { reportLeft: () => left.push('left') },
    }),
  ).start();
  return { actor, left, calls: () => calls };
}

describe('taking oneself off a booking', () => {
  it('asks first, and sends nothing when the question is dismissed', () => {
    const { actor, calls } = start(() => Promise.resolve());
    actor.send({ type: 'ask' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls()).toBe(0);
  });

  it('is busy while the request runs, and reports when done', async () => {
    let done!: () => void;
    const { actor, left } = start(() => new Promise<void>((resolve) => (done = resolve)));
    actor.send({ type: 'ask' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    done();
    await waitFor(actor, (s) => s.status === 'done');
    expect(left).toEqual(['left']);
  });

  it('given a refusal, shows the API’s German text and asks again', async () => {
    const { actor, left } = start(() =>
      Promise.reject(new ApiError(404, [], 'Sie sind bei dieser Reservierung nicht eingetragen.')),
    );
    actor.send({ type: 'ask' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBe(
      `${playerTexts.leaveFailed} Sie sind bei dieser Reservierung nicht eingetragen.`,
    );
    expect(left).toEqual([]);
  });
});
