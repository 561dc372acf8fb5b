import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { COPIED_NOTICE_MS, displayLinkMachine } from '../src/features/club-settings/display-link-machine';
import type { DisplayLink } from '../src/features/club-settings/display-api';
import { qrPath } from '../src/features/club-settings/LinkQrCode';

const LINK = 'https://platz.example.org/aushang/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function start({ url = LINK as string | null, copy = async () => {} } = {}) {
  const calls = { copied: [] as string[], selected: 0 };
  const actor = createActor(
    displayLinkMachine.provide({
      actors: {
        loadLink: fromPromise<DisplayLink>(async () => ({ url, display_names: 'initials' })),
        renewLink: fromPromise<{ url: string | null; message: string }>(async () => ({
          url: LINK,
          message: 'erstellt',
        })),
        copyLink: fromPromise<void, { url: string }>(({ input }) => {
          calls.copied.push(input.url);
          return copy();
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

describe('the clubhouse screen’s link in Verein', () => {
  it('copies the link and says "Kopiert." for a moment', async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: 'link.copy' });
    await settle();
    expect(calls.copied).toEqual([LINK]);
    expect(actor.getSnapshot().hasTag('copied')).toBe(true);
    await vi.advanceTimersByTimeAsync(COPIED_NOTICE_MS);
    expect(actor.getSnapshot().hasTag('copied')).toBe(false);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('selects the link for copying by hand when the clipboard refuses', async () => {
    const { actor, calls } = start({ copy: () => Promise.reject(new Error('refused')) });
    await settle();
    actor.send({ type: 'link.copy' });
    await settle();
    expect(calls.selected).toBe(1);
    expect(actor.getSnapshot().hasTag('selectedForCopy')).toBe(true);
  });

  it('has nothing to copy before the first link is made', async () => {
    const { actor, calls } = start({ url: null });
    await settle();
    actor.send({ type: 'link.copy' });
    await settle();
    expect(calls.copied).toEqual([]);
  });
});

describe('the link’s QR code', () => {
  it('is a square of dark modules inside the quiet zone the standard asks for', () => {
    const { size, path } = qrPath(LINK);
    // A QR version has 17 + 4 × version modules a side; four more on each side are the quiet zone.
    expect((size - 8 - 17) % 4).toBe(0);
    expect(size - 8).toBeGreaterThanOrEqual(21);
    const squares = path.match(/M(\d+) (\d+)h1v1h-1z/g) ?? [];
    expect(squares.length).toBeGreaterThan(100);
    const coordinates = squares.flatMap((square) => square.slice(1).split('h')[0]!.split(' ').map(Number));
    expect(Math.min(...coordinates)).toBe(4);
    expect(Math.max(...coordinates)).toBe(size - 5);
  });
});
