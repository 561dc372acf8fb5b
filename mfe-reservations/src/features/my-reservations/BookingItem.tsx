/** One of the user's bookings in the list, with its button to cancel it ("stornieren", docs/words.md); and the list's heading. */
import type { Ref } from 'react';
import { formatDateDe, formatTimeRange } from '@platzbuchung/domain/dates';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import * as texts from '@platzbuchung/domain/texts';
import { RepeatIcon, TrashIcon } from '../../shared/icons';
import type { BookingEntry } from '../../shared/my-reservations';
import { playersFullLine } from '@platzbuchung/domain/players/players';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import type { Named } from '@platzbuchung/domain/names';
import { LeaveBooking } from './LeaveBooking';

export function BookingItem({
  entry,
  userId,
  booker,
  bookerPending,
  deleting,
  onDelete,
  onLeft,
}: {
  entry: BookingEntry;
  userId: string;
  /** Who made it: the user, or someone the club's list knows. */
  booker: Named | undefined;
  /** The club's names are still loading: the line waits for them rather than say "Unbekannt". */
  bookerPending: boolean;
  /** Its delete popup is open. */
  deleting: boolean;
  onDelete: () => void;
  /** The user took themselves off a booking that named them; `what` says which, as the line after it does. */
  onLeft: (what: string) => void;
}) {
  const { reservation: r, date } = entry;
  const time = formatTimeRange(r.start_time, r.end_time);
  const when = formatDateDe(date);
  // A booking someone else made that names the user: theirs to leave, not to delete.
  const named = r.user_id !== userId;
  const players = r.players ?? [];
  const what = `am ${when}, ${time}, Platz ${r.court_num}`;
  return (
    <li className={named ? 'booking booking--named' : 'booking'}>
      <div className="booking__info">
        <p className="booking__when">
          <span className="booking__date">{when}</span>
          <span className="booking__time">{time}</span>
        </p>
        <p className="booking__where">
          <span>Platz {r.court_num}</span>
          {r.label && <span className="booking__label">{r.label}</span>}
          {r.recurring && (
            <span className="booking__recurring">
              <RepeatIcon />
              {texts.recurringMarker}
            </span>
          )}
        </p>
        {named && <p className="booking__named">{playerTexts.coPlayer}</p>}
        {players.length > 0 && !bookerPending && (
          <p className="booking__players">{playersFullLine(booker, players)}</p>
        )}
      </div>
      {named ? (
        <LeaveBooking reservationId={r._id} clubId={r.club_id} what={what} onLeft={() => onLeft(what)} />
      ) : (
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={`Reservierung am ${when}, ${time}, Platz ${r.court_num} stornieren`}
          title="Stornieren"
          disabled={deleting}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}

export function BookingsHeading({
  ref,
  counter = null,
}: {
  ref: Ref<HTMLHeadingElement>;
  /** The reservations still to come and the club's limit, once both are known. */
  counter?: { upcoming: number; limit: number } | null;
}) {
  return (
    <>
      <h1
        id="bookings-title"
        className="bookings__title"
        ref={ref}
        tabIndex={-1}
        aria-describedby={counter ? 'bookings-counter-note' : undefined}
      >
        {texts.myReservations}
        {counter && <span className="bookings__counter">{`${counter.upcoming} von ${counter.limit}`}</span>}
      </h1>
      {counter && (
        // The counter's words are the specification's; what they count is said beside them.
        <p id="bookings-counter-note" className="bookings__counter-note">
          {reservationTexts.counterNote(counter.limit)}
        </p>
      )}
    </>
  );
}
