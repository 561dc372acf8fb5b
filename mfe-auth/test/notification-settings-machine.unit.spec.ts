import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NotificationSettings } from '@platzbuchung/domain/schemas';
import {
  notificationSettingsMachine,
  type SaveAnswer,
} from '../src/features/account/notification-settings-machine';

function start({ stored = false, refuse = null as string | null, failLoads = 0 } = {}) {
  let settings: NotificationSettings = { booking_confirmations: stored, co_player_notices: true };
  let loads = 0;
  const saved: NotificationSettings[] = [];
  let release = () => {};
  const actors = {
    loadSettings: fromPromise<NotificationSettings>(async () => {
      loads++;
      if (loads <= failLoads) throw new Error('Keine Verbindung zum Server.');
      return settings;
    }),
    saveSettings: fromPromise<SaveAnswer, NotificationSettings>(async ({ input }) => {
      saved.push(input);
      await new Promise<void>((resolve) => (release = resolve));
      if (refuse) throw new Error(refuse);
      settings = input;
      return { message: 'Ihre Einstellung wurde gespeichert.', data: settings };
    }),
  };
  const actor = createActor(notificationSettingsMachine.provide({ actors })).start();
  return { actor, saved, release: () => release() };
}

describe('the notification settings machine', () => {
  it('shows what the server has (off by default) and saves a change at once', async () => {
    const { actor, saved, release } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.wanted.booking_confirmations).toBe(false);

    actor.send({ type: 'setting.set', name: 'booking_confirmations', on: true });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(actor.getSnapshot().context.wanted.booking_confirmations).toBe(true);
    // A second click while saving is not sent.
    actor.send({ type: 'setting.set', name: 'booking_confirmations', on: false });
    release();
    await waitFor(actor, (s) => s.matches('ready'));

    expect(saved).toEqual([{ booking_confirmations: true, co_player_notices: true }]);
    expect(actor.getSnapshot().context).toMatchObject({
      settings: { booking_confirmations: true, co_player_notices: true },
      wanted: { booking_confirmations: true, co_player_notices: true },
      message: 'Ihre Einstellung wurde gespeichert.',
      error: null,
    });
  });

  it('sends nothing when the box already shows the wish', async () => {
    const { actor, saved } = start({ stored: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'setting.set', name: 'booking_confirmations', on: true });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(saved).toEqual([]);
  });

  it('puts the box back and shows why when the save fails', async () => {
    const { actor, release } = start({ refuse: 'Keine Verbindung zum Server.' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'setting.set', name: 'booking_confirmations', on: true });
    release();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      wanted: { booking_confirmations: false, co_player_notices: true },
      settings: { booking_confirmations: false, co_player_notices: true },
      error: 'Keine Verbindung zum Server.',
    });
  });

  it('switches the notices as a co-player off and keeps the confirmations as they are', async () => {
    const { actor, saved, release } = start({ stored: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'setting.set', name: 'co_player_notices', on: false });
    expect(actor.getSnapshot().context.wanted).toEqual({
      booking_confirmations: true,
      co_player_notices: false,
    });
    release();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toEqual([{ booking_confirmations: true, co_player_notices: false }]);
    expect(actor.getSnapshot().context.settings.co_player_notices).toBe(false);
  });

  it('offers a retry when loading fails', async () => {
    const { actor } = start({ failLoads: 1, stored: true });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'settings.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.wanted.booking_confirmations).toBe(true);
  });
});
