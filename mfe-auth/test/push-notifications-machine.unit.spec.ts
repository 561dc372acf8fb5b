/** Push on this device in the account panel (docs/architecture/push.md), without browser or API. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PushChoiceName } from '@platzbuchung/domain/push/schemas';
import { pushTexts } from '@platzbuchung/domain/push/texts';
import {
  pushNotificationsMachine,
  type PushAnswer,
  type PushDevice,
  type PushState,
} from '../src/features/account/push-notifications-machine';

const ALL_ON = { waitlist_freed: true, co_player_named: true, booking_cancelled: true, court_released: true };
const PHONE: PushDevice = { endpoint: 'https://push.example.net/send/phone', ...ALL_ON };

function start(state: PushState, { deny = false } = {}) {
  const saved: { name: PushChoiceName; on: boolean }[] = [];
  const removed: string[] = [];
  const actors = {
    inspect: fromPromise<PushState>(async () => state),
    enable: fromPromise<PushAnswer>(async () => {
      if (deny) throw new Error(pushTexts.permissionDenied);
      return { message: pushTexts.subscribed, data: PHONE };
    }),
    saveChoice: fromPromise<PushAnswer, { endpoint: string; name: PushChoiceName; on: boolean }>(
      async ({ input }) => {
        saved.push({ name: input.name, on: input.on });
        return { message: pushTexts.choicesSaved, data: { ...PHONE, [input.name]: input.on } };
      },
    ),
    disable: fromPromise<string, { endpoint: string }>(async ({ input }) => {
      removed.push(input.endpoint);
      return pushTexts.unsubscribed;
    }),
  };
  return { actor: createActor(pushNotificationsMachine.provide({ actors })).start(), saved, removed };
}

describe('the push notifications machine', () => {
  it('offers nothing where the browser has no service worker or Push API', async () => {
    const { actor } = start({ supported: false });
    await waitFor(actor, (s) => s.matches('unsupported'));
    actor.send({ type: 'push.enable' });
    expect(actor.getSnapshot().matches('unsupported')).toBe(true);
  });

  it('turns push on with every choice, changes one, and turns it off', async () => {
    const { actor, saved, removed } = start({ supported: true, device: null });
    await waitFor(actor, (s) => s.matches('off'));
    actor.send({ type: 'push.enable' });
    await waitFor(actor, (s) => s.matches('on'));
    expect(actor.getSnapshot().context).toMatchObject({ device: PHONE, message: pushTexts.subscribed });

    actor.send({ type: 'choice.set', name: 'waitlist_freed', on: true }); // no change: nothing saved
    actor.send({ type: 'choice.set', name: 'court_released', on: false });
    await waitFor(actor, (s) => s.matches('on') && s.context.pending === null);
    expect(saved).toEqual([{ name: 'court_released', on: false }]);
    expect(actor.getSnapshot().context.device?.court_released).toBe(false);

    actor.send({ type: 'push.disable' });
    await waitFor(actor, (s) => s.matches('off'));
    expect(removed).toEqual([PHONE.endpoint]);
    expect(actor.getSnapshot().context).toMatchObject({ device: null, message: pushTexts.unsubscribed });
  });

  it('shows a subscribed device as on, and says in German when the browser refuses permission', async () => {
    const subscribed = start({ supported: true, device: PHONE });
    await waitFor(subscribed.actor, (s) => s.matches('on'));

    const { actor } = start({ supported: true, device: null }, { deny: true });
    await waitFor(actor, (s) => s.matches('off'));
    actor.send({ type: 'push.enable' });
    await waitFor(actor, (s) => s.matches('off') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(pushTexts.permissionDenied);
  });
});
