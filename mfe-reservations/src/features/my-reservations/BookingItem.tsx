/** One of the user's bookings in the list, with its delete button; and the list's heading. */
import type { Ref } from 'react';
import { formatDateDe, formatTimeRange } from '@platzbuchung/domain/dates';
import { texts } from '@platzbuchung/domain/texts';
import { RepeatIcon, TrashIcon } from '../../shared/icons';
import type { BookingEntry } from '../../shared/my-reservations';

export function BookingItem({
  entry,
  deleting,
  onDelete,
}: {
  entry: BookingEntry;
  /** Its delete popup is open. */
  deleting: boolean;
  onDelete: () => void;
}) {
  const { reservation: r, date } = entry;
  const time = formatTimeRange(r.start_time, r.end_time);
  const when = formatDateDe(date);
  return (
    <li className="booking">
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
      </div>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={`Reservierung am ${when}, ${time}, Platz ${r.court_num} löschen`}
        title="Löschen"
        disabled={deleting}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

export function BookingsHeading({
  ref,
  counter = null,
}: {
  ref: Ref<HTMLHeadingElement>;
  counter?: string | null;
}) {
  return (
    <h1 id="bookings-title" className="bookings__title" ref={ref} tabIndex={-1}>
      {texts.myReservations}
      {counter && <span className="bookings__counter">{counter}</span>}
    </h1>
  );
}
