import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  emailConfirmationMachine,
  type EmailState,
} from '../src/features/account/email-confirmation-machine';

function start({ confirmed = false, refuse = null as string | null, failLoads = 0 } = {}) {
  let loads = 0;
  let sends = 0;
  let release = () => {};
  const actors = {
    loadState: fromPromise<EmailState>(async () => {
      loads++;
      if (loads <= failLoads) throw new Error('Keine Verbindung zum Server.');
      return { email: 'steffi@example.de', confirmed, pending_email: null };
    }),
    sendLink: fromPromise<{ message: string }>(async () => {
      sends++;
      await new Promise<void>((resolve) => (release = resolve));
      if (refuse) throw new Error(refuse);
      return { message: 'Wir haben Ihnen einen neuen Bestätigungslink geschickt.' };
    }),
  };
  const actor = createActor(emailConfirmationMachine.provide({ actors })).start();
  return { actor, sends: () => sends, release: () => release() };
}

describe('the account panel’s address confirmation', () => {
  it('loads whether the address is confirmed and sends the link once per click, not twice while sending', async () => {
    const { actor, sends, release } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.state).toEqual({
      email: 'steffi@example.de',
      confirmed: false,
      pending_email: null,
    });

    actor.send({ type: 'link.send' });
    actor.send({ type: 'link.send' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    release();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(sends()).toBe(1);
    expect(actor.getSnapshot().context.message).toBe(
      'Wir haben Ihnen einen neuen Bestätigungslink geschickt.',
    );
  });

  it('shows a refusal (the limit) and lets the member try again later', async () => {
    const { actor, release } = start({ refuse: 'Zu viele Versuche.' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'link.send' });
    release();
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Zu viele Versuche.', message: null });
  });

  it('retries a failed load', async () => {
    const { actor } = start({ failLoads: 1, confirmed: true });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'state.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.state?.confirmed).toBe(true);
  });

  it('takes the state an address change answers, even while the first load is still out', async () => {
    const { actor } = start({ confirmed: true });
    const changed = { email: 'steffi@example.de', confirmed: true, pending_email: 'steffi@example.org' };
    actor.send({ type: 'state.changed', state: changed });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.state).toEqual(changed);
    // The load that was under way is stopped, so an older answer cannot overwrite the newer one.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().context.state).toEqual(changed);
  });
});
