/** The Warteliste's popup machine: join from a taken slot, leave when already on the list. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  waitlistMachine,
  type WaitlistInput,
  type WaitlistOutput,
  type WaitlistRequest,
} from '../src/features/waitlist/waitlist-machine';
import { unmarked, withWaitlistMarks } from '../src/features/waitlist/grid-marks';

const hour = { court_num: '1', date: '2026-11-24', start_time: 18 };
const entry = { _id: 'w-1', ...hour, end_time: 19 };

function run(input: WaitlistInput, answer: (request: WaitlistRequest) => WaitlistOutput) {
  const asked: WaitlistRequest[] = [];
  const machine = waitlistMachine.provide({
    actors: {
      send: fromPromise<WaitlistOutput, WaitlistRequest>(async ({ input }) => {
        asked.push(input);
        return answer(input);
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), asked };
}

describe('the waitlist popup', () => {
  it('offers joining when the member is not on the list, and sends the hour', async () => {
    const { actor, asked } = run({ hour, entry: null }, () => ({ outcome: 'joined', entry }));
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'waitlist.leave' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'waitlist.join' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual([{ join: hour }]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'joined', entry });
  });

  it('offers leaving when the member is on the list, and names the entry', async () => {
    const { actor, asked } = run({ hour, entry }, () => ({ outcome: 'left', id: 'w-1' }));
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'waitlist.join' });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'waitlist.leave' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual([{ leave: 'w-1' }]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'left', id: 'w-1' });
  });

  it('ends with the refusal, or cancelled without a request', async () => {
    const refused = run({ hour, entry: null }, () => ({ outcome: 'failed', error: 'Platz frei' }));
    refused.actor.send({ type: 'waitlist.join' });
    await waitFor(refused.actor, (s) => s.status === 'done');
    expect(refused.actor.getSnapshot().output).toEqual({ outcome: 'failed', error: 'Platz frei' });
    const cancelled = run({ hour, entry: null }, () => ({ outcome: 'cancelled' }));
    cancelled.actor.send({ type: 'popup.cancel' });
    expect(cancelled.actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
    expect(cancelled.asked).toEqual([]);
  });
});

describe('the grid’s mark', () => {
  const cell = (court: number, fields: { reservation: unknown; mine: boolean }) => ({
    court,
    hour: 18,
    text: 'S. Graf',
    accessibleName: `Platz ${court}, 18:00, reserviert von S. Graf`,
    ...fields,
  });

  it('marks a taken hour the member waits for, in words seen and heard; other rows stay as they were', () => {
    const taken = cell(1, { reservation: {}, mine: false });
    const other = [cell(2, { reservation: {}, mine: false })];
    const rows = [[taken], other];
    const marked = withWaitlistMarks(rows, '2026-11-24', [entry]);
    expect(marked[0]![0]).toMatchObject({
      text: 'Sie warten · S. Graf',
      accessibleName: 'Platz 1, 18:00, reserviert von S. Graf, Sie stehen auf der Warteliste',
    });
    // The popup names the holder without the mark.
    expect(unmarked(marked[0]![0]!.text)).toBe('S. Graf');
    expect(unmarked('S. Graf')).toBe('S. Graf');
    expect(marked[1]).toBe(other);
    expect(withWaitlistMarks(rows, '2026-11-25', [entry])).toBe(rows);
  });

  it('does not mark a free hour or the member’s own', () => {
    const rows = [[cell(1, { reservation: null, mine: false })]];
    expect(withWaitlistMarks(rows, '2026-11-24', [entry])[0]).toBe(rows[0]);
  });
});
