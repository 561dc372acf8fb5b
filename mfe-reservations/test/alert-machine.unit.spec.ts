/** Our own alert dialog's queue: one message at a time, in the order they came. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { alertMachine } from '../src/shared/alert/alert-machine';

describe('the alert dialog', () => {
  it('shows each message in turn; closing one shows the next, the last closes it', () => {
    const actor = createActor(alertMachine).start();
    expect(actor.getSnapshot().context.queue).toEqual([]);
    actor.send({ type: 'alert.show', message: 'Erstens' });
    actor.send({ type: 'alert.show', message: 'Zweitens' });
    expect(actor.getSnapshot().context.queue[0]).toBe('Erstens');
    actor.send({ type: 'alert.close' });
    expect(actor.getSnapshot().context.queue).toEqual(['Zweitens']);
    actor.send({ type: 'alert.close' });
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });
});
