import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { uiTexts } from '@platzbuchung/ui/texts';
import {
  COPIED_NOTICE_MS,
  calendarLinkMachine,
  type CalendarLink,
} from '../src/features/account/calendar/calendar-link-machine';

const FIRST = 'https://platz.example.org/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND = 'https://platz.example.org/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

interface Fakes {
  load?: () => Promise<CalendarLink>;
  renew?: () => Promise<CalendarLink>;
  copy?: (url: string) => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const calls = { load: 0, renew: 0, copied: [] as string[], selected: 0 };
  const actor = createActor(
    calendarLinkMachine.provide({
      actors: {
        loadLink: fromPromise<CalendarLink>(() => {
          calls.load += 1;
          return (fakes.load ?? (async () => ({ url: FIRST })))();
        }),
        renewLink: fromPromise<CalendarLink>(() => {
          calls.renew += 1;
          return (fakes.renew ?? (async () => ({ url: SECOND })))();
        }),
        copyLink: fromPromise<void, { url: string }>(({ input }) => {
          calls.copied.push(input.url);
          return (fakes.copy ?? (async () => {}))(input.url);
        }),
      },
      actions: { selectLink: () => (calls.selected += 1) },
    }),
  ).start();
  return { actor, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the calendar link in the account panel', () => {
  it('loads the link, showing a loading state first', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.url).toBe(FIRST);
  });

  it('shows why loading failed, and loads again on retry', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('Bitte melden Sie sich an.');
        return { url: FIRST };
      },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('Bitte melden Sie sich an.');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(calls.load).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('falls back to the network text when a failure has no words of its own', async () => {
    const { actor } = start({ load: () => Promise.reject(new Error('')) });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(uiTexts.networkError);
  });

  it('copies the link, says so, and goes quiet again after a while', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'copy' });
    await settle();
    expect(calls.copied).toEqual([FIRST]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'copied' });
    await vi.advanceTimersByTimeAsync(COPIED_NOTICE_MS);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('selects the text for copying by hand when the clipboard refuses', async () => {
    const { actor, calls } = start({ copy: () => Promise.reject(new Error('not allowed')) });
    await settle();
    actor.send({ type: 'copy' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: 'selectedForCopy' });
    expect(calls.selected).toBe(1);
  });

  it('asks before making a new link; cancelling keeps the old one', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'renew.ask' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'confirming' });
    actor.send({ type: 'copy' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'confirming' });
    actor.send({ type: 'renew.cancel' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(calls.renew).toBe(0);
    expect(actor.getSnapshot().context.url).toBe(FIRST);
  });

  it('makes a new link once confirmed and says the old one stopped working', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'renew.ask' });
    actor.send({ type: 'renew.confirm' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'renewing' });
    actor.send({ type: 'renew.ask' });
    actor.send({ type: 'copy' });
    await settle();
    expect(calls.renew).toBe(1);
    expect(calls.copied).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ url: SECOND, renewed: true, error: null });
    actor.send({ type: 'copy' });
    await settle();
    expect(calls.copied).toEqual([SECOND]);
  });

  it('keeps the old link and shows the reason when renewing fails', async () => {
    const { actor } = start({ renew: () => Promise.reject(new Error('Zu viele Versuche.')) });
    await settle();
    actor.send({ type: 'renew.ask' });
    actor.send({ type: 'renew.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({
      url: FIRST,
      renewed: false,
      error: 'Zu viele Versuche.',
    });
    actor.send({ type: 'renew.ask' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
