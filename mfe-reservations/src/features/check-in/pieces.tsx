/** Check-in's pieces in the reservations screens, registered in src/app/registered-pieces.ts. */
import { lazy, type ComponentType } from 'react';
import type { ScreenPieces } from '../../shared/screen-pieces';

/** Loaded with "Meine Reservierungen" only; if its code cannot load, the bookings above stay usable. */
const CheckInSection = lazy<ComponentType<{ clubId: string }>>(() =>
  import('./CheckInSection').then(
    (m) => ({ default: m.CheckInSection }),
    (error: unknown) => {
      console.error('Der Abschnitt Check-in konnte nicht geladen werden:', error);
      return { default: () => null };
    },
  ),
);

export const checkInPieces: ScreenPieces = { OwnSection: CheckInSection };
