/**
 * The popup open over the grid, if any, with the club's play rules it asks by. This module is the
 * popups' chunk: the grid loads it through `popups-on-demand.tsx` when the pointer or the keyboard
 * focus first enters the grid, or at the first click at the latest, so the first paint carries
 * neither the popups nor the play rules (docs/architecture/first-visit.md).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { IsoDate, Reservation, UserListEntry } from '@platzbuchung/domain/types';
import { clubRulesCache, ensureClubRules } from '../../shared/club-play-rules';
import { clubUsersCache } from '../../shared/club-users';
import type { cancelNote } from '../../shared/cancel-note';
import type { DeletedPart } from '../../shared/my-reservations';
import type { DateWindow } from '../../shared/reservations-api';
import type { PopupOutput } from '../../shared/popup/popup-submit';
import type { MakeSlot } from '../../shared/popup/slot-click';
import {
  ChangeReservationPopup,
  DeleteReservationPopup,
  MakeReservationPopup,
  type ChangeReservationInput,
  type DeleteReservationInput,
  type BookingWeek,
  type MakeReservationInput,
} from '../booking';
import type { TakenSlotResult } from '../../shared/screen-pieces';
import { TakenSlotPopups } from './TakenSlotPopups';

/** The club's play rules the booking popups ask by, asked for as soon as this chunk is in. */
export const preparePopups = (clubId: string) => ensureClubRules(clubId);

/** What a popup is opened with; the play rules join once they are in. */
type WithoutPlay<T> = Omit<T, 'play'>;

export type GridPopup =
  | { kind: 'make'; input: WithoutPlay<MakeReservationInput>; cellId: string }
  | {
      kind: 'delete';
      input: DeleteReservationInput;
      reservation: Reservation;
      holder: string;
      cellId: string;
      /** Whether the viewer may change it: then the popup offers "Ändern". */
      changeable: boolean;
      /** For a player's own booking: until when it can still be cancelled. */
      cancelNote: ReturnType<typeof cancelNote>;
    }
  | { kind: 'change'; input: WithoutPlay<ChangeReservationInput>; holder: string; cellId: string }
  /** Someone else's booking: the popup a piece registered for it (shared/screen-pieces). */
  | { kind: 'taken'; clubId: string; slot: MakeSlot; courtName: string; holder: string; cellId: string };

export interface GridPopupHandlers {
  clubId: string;
  /** The week the answers of the popups' calls cover. */
  answerWindow: DateWindow;
  today: IsoDate;
  /** Someone else took the make popup's slot while it was open (the live stream said so). */
  slotTaken: boolean;
  onDone: (output: PopupOutput, deleted?: DeletedPart, wholeGroup?: boolean) => void;
  onChangeDone: (output: PopupOutput) => void;
  onChangeInstead: (from: Extract<GridPopup, { kind: 'delete' }>) => void;
  /** Someone else's booking's popup closed; nothing of the bookings changed. */
  onTakenDone: (result: TakenSlotResult) => void;
  /** The loaded week's bookings, for what the make popup says is left. */
  week: BookingWeek | null;
  /** A make or change popup was refused and stays open. */
  onRefused: () => void;
}

/**
 * The club's play rules once asked for (a click opens the popup then); until they are in, the
 * booking popups wait. A failed load leaves the rules to the API: the popup asks as before.
 */
function usePlayRules(clubId: string): PlayRules | null {
  const rules = useSyncExternalStore(clubRulesCache.subscribe, clubRulesCache.get);
  if (rules.key !== clubId) return null;
  if (rules.status === 'failed') return rules.value?.play ?? DEFAULT_PLAY_RULES;
  return rules.status === 'loaded' ? (rules.value?.play ?? null) : null;
}

function useMembers(clubId: string): readonly UserListEntry[] {
  const users = useSyncExternalStore(clubUsersCache.subscribe, clubUsersCache.get);
  return users.key === clubId ? (users.value ?? []) : [];
}

export function GridPopups({ popup, handlers }: { popup: GridPopup | null; handlers: GridPopupHandlers }) {
  const { answerWindow, today, slotTaken, onDone, onChangeDone, onChangeInstead, clubId, onRefused } =
    handlers;
  const focusCell = (id: string) => () => document.getElementById(id);
  const play = usePlayRules(clubId);
  const members = useMembers(clubId);
  const waiting = popup !== null && popup.kind !== 'delete' && play === null;
  useEffect(() => {
    if (waiting) ensureClubRules(clubId);
  }, [waiting, clubId]);
  return (
    <>
      {popup?.kind === 'make' && play && (
        <MakeReservationPopup
          input={{ ...popup.input, play }}
          members={members}
          taken={slotTaken}
          window={answerWindow}
          week={handlers.week}
          onDone={onDone}
          onRefused={onRefused}
        />
      )}
      {popup?.kind === 'delete' && (
        <DeleteReservationPopup
          input={popup.input}
          hours={{ start: popup.reservation.start_time, end: popup.reservation.end_time }}
          holder={popup.holder || undefined}
          window={answerWindow}
          fallbackFocus={focusCell(popup.cellId)}
          onDone={onDone}
          onChangeInstead={popup.changeable ? () => onChangeInstead(popup) : undefined}
          cancelNote={popup.cancelNote}
        />
      )}
      {popup?.kind === 'change' && play && (
        <ChangeReservationPopup
          input={{ ...popup.input, play }}
          members={members}
          holder={popup.holder || undefined}
          window={answerWindow}
          today={today}
          fallbackFocus={focusCell(popup.cellId)}
          onDone={onChangeDone}
          onRefused={onRefused}
        />
      )}
      {popup?.kind === 'taken' && (
        <TakenSlotPopups
          clubId={popup.clubId}
          slot={popup.slot}
          courtName={popup.courtName}
          holder={popup.holder}
          fallbackFocus={focusCell(popup.cellId)}
          onDone={handlers.onTakenDone}
        />
      )}
    </>
  );
}
