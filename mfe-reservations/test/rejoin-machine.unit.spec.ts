/** "Wieder eintragen" after "Austragen": one request, busy while it runs, a refusal kept in view. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { ApiError } from '@platzbuchung/ui/api/client';
import { rejoinMachine } from '../src/features/my-reservations/rejoin-machine';

function start(rejoin: () => Promise<void>) {
  const back: string[] = [];
  const actor = createActor(
    rejoinMachine.provide({
      actors: { rejoin: fromPromise(rejoin) },
      actions: { reportBack: () => back.push('back') },
    }),
  ).start();
  return { actor, back };
}

describe('coming back to a booking one just left', () => {
  it('is busy while the request runs, and reports when the member is named again', async () => {
    let done!: () => void;
    const { actor, back } = start(() => new Promise<void>((resolve) => (done = resolve)));
    actor.send({ type: 'rejoin' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    done();
    await waitFor(actor, (s) => s.matches('back'));
    expect(back).toEqual(['back']);
  });

  it('keeps a refusal in view with its German text, and may be tried again or dismissed', async () => {
    const refusal = new ApiError(
      409,
      [],
      'Lena Graf spielt am Di., 24.11.2026 um 18 Uhr bereits auf Platz 1.',
    );
    const { actor, back } = start(() => Promise.reject(refusal));
    actor.send({ type: 'rejoin' });
    await waitFor(actor, (s) => s.matches('offered') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toContain(playerTexts.rejoinFailed);
    expect(actor.getSnapshot().context.error).toContain('bereits auf Platz 1');
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().matches('dismissed')).toBe(true);
    expect(back).toEqual([]);
  });
});
