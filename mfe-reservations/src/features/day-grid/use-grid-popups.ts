/**
 * Which popup a click on a cell opens, and what the grid does with the popup's answer: the new
 * list replaces the week on screen and the own bookings follow; a refusal is shown after the
 * popup has closed, and the grid reloads, since it was probably behind.
 */
import { useCallback, useRef, useState } from 'react';
import type { AtClubSeq } from '@platzbuchung/ui/api/client';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import type { Club, IsoDate, SessionUser } from '@platzbuchung/domain/types';
import { courtName } from '@platzbuchung/domain/courts';
import { describeSlot } from '@platzbuchung/domain/mail/slot';
import { occursOn } from '@platzbuchung/domain/recurrence';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import { cancelNote } from '../../shared/cancel-note';
import { useAlert } from '../../shared/alert/use-alert';
import { absorbAnswer, myReservationsCache, type DeletedPart } from '../../shared/my-reservations';
import type { PopupOutput } from '../../shared/popup/popup-submit';
import { slotClick } from '../../shared/popup/slot-click';
import type { Reservation } from '@platzbuchung/domain/types';
import type { DateWindow } from '../../shared/reservations-api';
import type { DayGridEvent } from './day-grid-machine';
import { isTaken, type GridCell } from './grid-model';
import { cellId } from './GridTable';
import type { GridPopup, GridPopupHandlers } from './GridPopups';
import type { BookingWeek } from '../booking';

interface GridPopupsInput {
  club: Club;
  user: SessionUser;
  date: IsoDate;
  now: LocalMoment;
  rows: GridCell[][];
  /** The user's bookings still to come, once known: the limit is checked before any request. */
  ownCount: number | null;
  /** Why the shown day cannot be booked yet, if so. */
  horizonNotice: string | null;
  answerWindow: DateWindow;
  week: BookingWeek | null;
  send: (event: DayGridEvent) => void;
  /** The own-bookings cache entry, and how to load it again. */
  mine: { key: string; load: () => Promise<AtClubSeq<Reservation[]>> };
}

export function useGridPopups(input: GridPopupsInput) {
  const { club, user, date, now, rows, ownCount, horizonNotice, answerWindow, week, send, mine } = input;
  const isAdmin = user.role === 'admin';
  const [popup, setPopup] = useState<GridPopup | null>(null);
  /** The line saying what the member's last popup did ("Reserviert: …"); empty until then. */
  const [status, setStatus] = useState('');
  // Focus returns to the cell last clicked when an alert closes.
  const lastCell = useRef<string | null>(null);
  const { showAlert, alertDialog } = useAlert(() =>
    lastCell.current === null ? null : document.getElementById(lastCell.current),
  );

  const onCellClick = (cell: GridCell) => {
    const action = slotClick(
      { ...cell, date },
      { isAdmin, upcomingCount: ownCount, limit: club.reservations_limit, horizonNotice },
    );
    const id = cellId(cell.court, cell.hour);
    lastCell.current = id;
    setStatus('');
    if (action.kind === 'alert') showAlert(action.message);
    else if (action.kind === 'make') {
      setPopup({
        kind: 'make',
        cellId: id,
        input: {
          slot: action.slot,
          isAdmin,
          clubId: club._id,
          userId: user._id,
          endHour: club.end_hour,
          courtsCount: club.courts_count,
          limit: club.reservations_limit ?? null,
          timeZone: club.time_zone,
        },
      });
    } else if (action.kind === 'taken') {
      setPopup({
        kind: 'taken',
        cellId: id,
        clubId: club._id,
        slot: action.slot,
        courtName: courtName(club, cell.court),
        holder: cell.text,
      });
    } else if (action.kind === 'delete' && cell.reservation) {
      const deadline = cell.mine ? cancelNote(club, date, cell.reservation.start_time, now, isAdmin) : null;
      setPopup({
        kind: 'delete',
        cellId: id,
        input: { slot: action.slot },
        reservation: cell.reservation,
        holder: cell.players || cell.text,
        // Players move their own upcoming single booking until the club's deadline; admins any booking still to come.
        changeable:
          !cell.past && (isAdmin || (cell.mine && !cell.reservation.recurring && deadline?.open !== false)),
        cancelNote: deadline,
      });
    }
  };

  const onChangeInstead = (from: Extract<GridPopup, { kind: 'delete' }>) =>
    setPopup({
      kind: 'change',
      cellId: from.cellId,
      holder: from.holder,
      input: {
        reservation: from.reservation,
        occurrenceDate: from.input.slot.date,
        isAdmin,
        clubId: club._id,
        club,
      },
    });

  const onDone = useCallback(
    (output: PopupOutput, deleted?: DeletedPart, wholeGroup = false) => {
      setPopup(null);
      if (output.outcome === 'saved' && popup)
        setStatus(statusAfter(popup, club, output.reservations, deleted));
      if (output.outcome === 'saved') {
        send({ type: 'reservations.replaced', window: answerWindow, reservations: output.reservations });
        myReservationsCache.update(mine.key, (cached) =>
          absorbAnswer(cached, output.reservations, answerWindow, user._id, deleted),
        );
        // The other courts of a group may lie on other days' lists, so ask rather than guess.
        if (wholeGroup) myReservationsCache.reload(mine.key, mine.load);
      } else if (output.outcome === 'failed') {
        // The error as received, once the popup has closed.
        showAlert(output.error);
        // A refusal usually means the grid is behind (a new booking or court block): show it as it is.
        send({ type: 'grid.reload' });
      }
    },
    [send, answerWindow, mine.key, mine.load, user._id, showAlert, popup, club],
  );

  /** A moved booking may have left the loaded week: the own list is asked again, not patched. */
  const onChangeDone = useCallback(
    (output: PopupOutput) => {
      onDone(output);
      if (output.outcome === 'saved') myReservationsCache.reload(mine.key, mine.load);
    },
    [onDone, mine.key, mine.load],
  );

  const slotTaken =
    popup?.kind === 'make' &&
    popup.input.slot.date === date &&
    isTaken(rows.flat().find((cell) => cellId(cell.court, cell.hour) === popup.cellId));

  const handlers: GridPopupHandlers = {
    clubId: club._id,
    answerWindow,
    today: now.date,
    slotTaken,
    onDone,
    onChangeDone,
    onChangeInstead,
    onTakenDone: (result) => {
      if (result.outcome === 'done') {
        setPopup(null);
        setStatus(result.status);
      } else onDone(result.outcome === 'failed' ? result : { outcome: 'cancelled' });
    },
    week,
    // The make and change popups stay open on a refusal; the grid was probably behind.
    onRefused: () => send({ type: 'grid.reload' }),
  };
  return { popup, onCellClick, handlers, alertDialog, status };
}

/** What the status line says after a popup saved: what was booked, changed or cancelled. */
function statusAfter(
  popup: GridPopup,
  club: Club,
  answer: readonly Reservation[],
  deleted?: DeletedPart,
): string {
  /** A booking's hours on one day, as mails describe them ("Platz 2, Mo., 07.12.2026, 10-11 Uhr"). */
  const slotText = (reservation: Pick<Reservation, 'court_num' | 'start_time' | 'end_time'>, date: IsoDate) =>
    describeSlot({
      court: reservation.court_num,
      court_name: courtName(club, reservation.court_num),
      date,
      start: reservation.start_time,
      end: reservation.end_time,
    });
  switch (popup.kind) {
    case 'delete': {
      const { reservation } = popup;
      const part = reservation.recurring && deleted ? deleted.delete_type : 'single';
      return reservationTexts.cancelledStatus(slotText(reservation, popup.input.slot.date), part);
    }
    case 'change': {
      // A single booking keeps its id where it moved; a series' date moved is a booking of its own.
      const after = answer.find((r) => r._id === popup.input.reservation._id && !r.recurring);
      return reservationTexts.changedStatus(after ? slotText(after, after.date) : null);
    }
    case 'make': {
      const { court, date, hour } = popup.input.slot;
      const made = answer.find(
        (r) => r.court_num === String(court) && r.start_time === hour && occursOn(r, date),
      );
      const asked = { court_num: String(court), start_time: hour, end_time: made?.end_time ?? hour + 1 };
      return reservationTexts.bookedStatus(slotText(asked, date));
    }
    case 'taken':
      return '';
  }
}
