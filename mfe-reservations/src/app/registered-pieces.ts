/**
 * Every piece shown inside the reservations screens, in the order they show them: the one list a
 * new piece is added to (docs/adding-a-change.md). The exposed screens provide it.
 */
import type { ScreenPieces } from '../shared/screen-pieces';
import { checkInPieces } from '../features/check-in';
import { waitlistPieces } from '../features/waitlist';

export const screenPieces: readonly ScreenPieces[] = [checkInPieces, waitlistPieces];
