/**
 * The grid's side of its popups: their host (`GridPopups.tsx`, with the popups and the play rules)
 * is a chunk of its own, loaded when the pointer or the keyboard focus first enters the grid
 * (`preloadPopups`), or at the first click at the latest; until then the grid itself shows sooner.
 */
import { lazy, Suspense } from 'react';
import type { GridPopup, GridPopupHandlers } from './GridPopups';

const popupHost = () => import('./GridPopups');
const GridPopupHost = lazy(() => popupHost().then((m) => ({ default: m.GridPopups })));

/** The popups' code, then the club's play rules the booking popups ask by. */
export const preloadPopups = (clubId: string) => {
  void popupHost().then((m) => m.preparePopups(clubId));
};

export function GridPopups({ popup, handlers }: { popup: GridPopup | null; handlers: GridPopupHandlers }) {
  if (popup === null) return null;
  return (
    <Suspense fallback={null}>
      <GridPopupHost popup={popup} handlers={handlers} />
    </Suspense>
  );
}
