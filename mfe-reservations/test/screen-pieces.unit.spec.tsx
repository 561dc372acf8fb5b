/**
 * The pieces shown inside the reservations screens: every offer on someone else's booking is
 * shown (several as a choice, one at once), and every feature that has pieces is registered.
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createActor } from 'xstate';
import { screenPieces } from '../src/app/registered-pieces';
import { TakenSlotPopups } from '../src/features/day-grid/TakenSlotPopups';
import { takenSlotMachine } from '../src/features/day-grid/taken-slot-machine';
import {
  OwnSections,
  ScreenPiecesContext,
  type ScreenPieces,
  type TakenSlotPopupProps,
} from '../src/shared/screen-pieces';

declare global {
  interface ImportMeta {
    glob<T = unknown>(pattern: string): Record<string, () => Promise<T>>;
  }
}

const slot = { court: 2, date: '2026-12-01', hour: 18 } as TakenSlotPopupProps['slot'];
const props: TakenSlotPopupProps = {
  clubId: 'c',
  slot,
  courtName: 'Platz 2',
  holder: 'Graf / Seles',
  onDone: () => {},
};

const piece = (label: string): ScreenPieces => ({
  takenSlot: { label, Popup: () => <p>Popup {label}</p> },
});

function renderWith(pieces: readonly ScreenPieces[]) {
  return renderToStaticMarkup(
    <ScreenPiecesContext.Provider value={pieces}>
      <TakenSlotPopups {...props} />
    </ScreenPiecesContext.Provider>,
  );
}

describe('the popup of someone else’s booking still to come', () => {
  it('opens the only offer at once', () => {
    expect(renderWith([piece('Auf die Warteliste')])).toBe('<p>Popup Auf die Warteliste</p>');
  });

  it('offers every piece’s choice when several have one, none left out', () => {
    const html = renderWith([piece('Auf die Warteliste'), {}, piece('Mitspielen anfragen')]);
    expect(html).toContain('<dialog class="popup"');
    expect(html).toContain('>Auf die Warteliste</button>');
    expect(html).toContain('>Mitspielen anfragen</button>');
    expect(html).toContain('Reserviert von: Graf / Seles');
    expect(html).not.toContain('<p>Popup');
  });

  it('shows nothing when no piece offers anything', () => {
    expect(renderWith([{}])).toBe('');
  });

  it('opens the chosen offer, or closes on Abbrechen', () => {
    const chosen = createActor(takenSlotMachine, { input: { offers: 3 } }).start();
    expect(chosen.getSnapshot().value).toBe('choosing');
    chosen.send({ type: 'offer.choose', index: 2 });
    expect(chosen.getSnapshot().value).toBe('open');
    expect(chosen.getSnapshot().context.chosen).toBe(2);
    const cancelled = createActor(takenSlotMachine, { input: { offers: 2 } }).start();
    cancelled.send({ type: 'popup.cancel' });
    expect(cancelled.getSnapshot().status).toBe('done');
  });
});

describe('the registered pieces', () => {
  it('a screen shown without its pieces fails loudly instead of losing them', () => {
    expect(() => renderToStaticMarkup(<OwnSections clubId="c" />)).toThrow(/ScreenPiecesContext/);
  });

  it('every feature that has pieces is in the app’s list', async () => {
    // Vite finds the files; this workspace has no Node types to read the folder with.
    const faces = import.meta.glob<Record<string, unknown>>('../src/features/*/index.ts');
    const withPieces = Object.keys(import.meta.glob('../src/features/*/pieces.tsx'));
    expect(withPieces.length).toBeGreaterThan(0);
    for (const file of withPieces) {
      const face = file.replace('pieces.tsx', 'index.ts');
      expect(faces[face], `${face} is missing`).toBeDefined();
      const module = await faces[face]!();
      const registered = Object.values(module).filter((value) =>
        screenPieces.includes(value as ScreenPieces),
      );
      expect(registered, `${file} is not in src/app/registered-pieces.ts`).toHaveLength(1);
    }
  });
});
