/**
 * "Meine Reservierungen"'s section "Check-in" (docs/check-in.md): while the club asks for check-in,
 * each of the member's bookings whose window is open now, with "Ich bin da"; and, while their
 * bookings are paused, why and until when.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '@platzbuchung/ui/api/client';
import { isReleasable } from '@platzbuchung/domain/check-in/check-in';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import { dateToCheckIn } from '@platzbuchung/domain/check-in/window';
import { clubNow } from '@platzbuchung/domain/club-time';
import { formatDateDe, formatTimeRange } from '@platzbuchung/domain/dates';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';
import { myReservationsCache } from '../../shared/my-reservations';
import { checkIn, fetchOwnCheckIn, type OwnCheckIn } from './api';
import './check-in.css';

/** The window opens and closes by the minute: the section looks again this often. */
const TICK_MS = 20_000;

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface OpenBooking {
  reservation: Reservation;
  date: IsoDate;
}

function openBookings(own: readonly Reservation[], state: OwnCheckIn, now: Date): OpenBooking[] {
  const today = clubNow(state.time_zone, now).date;
  return own.flatMap((reservation) => {
    if (!isReleasable(reservation)) return [];
    const date = dateToCheckIn(reservation, state.time_zone, today, state.settings, now);
    return date === null ? [] : [{ reservation, date }];
  });
}

export function CheckInSection({ clubId }: { clubId: string }) {
  const [state, setState] = useState<OwnCheckIn | null>(null);
  const mine = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  const now = useMinuteClock();
  useEffect(() => {
    const abort = new AbortController();
    fetchOwnCheckIn(clubId, abort.signal).then(setState, () => setState(null));
    return () => abort.abort();
  }, [clubId]);
  if (!state?.settings.required) return null;
  const open = openBookings(mine.value ?? [], state, now);
  const checked = (entry: OpenBooking) =>
    state.checked_in.some((c) => c.reservation_id === entry.reservation._id && c.date === entry.date);
  const markChecked = (entry: OpenBooking) =>
    setState({
      ...state,
      checked_in: [...state.checked_in, { reservation_id: entry.reservation._id, date: entry.date }],
    });
  return (
    <section className="check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title" className="check-in__title">
        {checkInTexts.title}
      </h2>
      {state.paused_until && (
        <p className="check-in__paused" role="status">
          {checkInTexts.paused(state.paused_until)}
        </p>
      )}
      {open.length === 0 ? (
        <p className="bookings__empty">{checkInTexts.nothingOpen(state.settings)}</p>
      ) : (
        <ul className="check-in__list">
          {open.map((entry) => (
            <CheckInItem
              key={`${entry.reservation._id} ${entry.date}`}
              clubId={clubId}
              entry={entry}
              checkedIn={checked(entry)}
              onCheckedIn={() => markChecked(entry)}
            />
          ))}
        </ul>
      )}
      {!state.has_pin && <p className="check-in__hint">{checkInTexts.pinHint}</p>}
    </section>
  );
}

function CheckInItem({
  clubId,
  entry,
  checkedIn,
  onCheckedIn,
}: {
  clubId: string;
  entry: OpenBooking;
  checkedIn: boolean;
  onCheckedIn: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { reservation: r, date } = entry;
  const what = `Platz ${r.court_num} · ${formatDateDe(date)} · ${formatTimeRange(r.start_time, r.end_time)}`;
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await checkIn(clubId, r._id);
      onCheckedIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : checkInTexts.failed);
    } finally {
      setSending(false);
    }
  };
  return (
    <li className="check-in__item">
      <span>{what}</span>
      {checkedIn ? (
        <span className="check-in__done">✓ {checkInTexts.checkedIn}</span>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={sending}
          aria-label={`${checkInTexts.button}: ${what}`}
          onClick={() => void send()}
        >
          {checkInTexts.button}
        </button>
      )}
      {error && (
        <p className="check-in__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
