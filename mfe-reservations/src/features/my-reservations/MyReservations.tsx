/**
 * 'Meine Reservierungen' at /bookings: the user's active reservations with the
 * counter against the club's limit, each with a delete button that opens the deleteReservation
 * popup. Loaded once per session; the grid's changes arrive through the shared cache.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import { myWindow } from '@platzbuchung/domain/reservations/screen-requests';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, Reservation, SessionUser } from '@platzbuchung/domain/types';
import {
  bookingEntries,
  cacheKey,
  myReservationsCache,
  ownReservations,
  upcomingCount,
  type BookingEntry,
} from '../../shared/my-reservations';
import { useLoadedPlayRules } from '../../shared/club-play-rules';
import { useOfflineCopy } from '../../shared/offline-copy';
import { Splash } from '../../shared/Splash';
import { clubUsersCache, ensureClubUsers } from '../../shared/club-users';
import { useClubNow } from '../../shared/use-club-now';
import { loadOwnReservations, useLiveUpdates } from '../../shared/use-live-updates';
import '../../shared/reservations.css';
import './bookings.css';
import { MemberScreen } from '../../shared/member-screen';
import { cancelNote } from '../../shared/cancel-note';
import { DeleteReservationPopup } from '../booking';
import type { PopupOutput } from '../../shared/popup/popup-submit';
import { BookingItem, BookingsHeading } from './BookingItem';
import { LeftNotice } from './LeftNotice';
import { useAlert } from '../../shared/alert/use-alert';
import { OwnSections } from '../../shared/screen-pieces';

export default function MyReservations({ host }: RemoteScreenProps) {
  return <MemberScreen host={host} Screen={Bookings} />;
}

function Bookings({ user, club }: { user: SessionUser; club: Club }) {
  const now = useClubNow(club.time_zone);
  const key = cacheKey(user.club_id, user._id);
  const mine = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  // The bookers of bookings that name the user, by name.
  const users = useSyncExternalStore(clubUsersCache.subscribe, clubUsersCache.get);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Counted as the limit rule counts once the club's rules are in (after a visit of the grid).
  const play = useLoadedPlayRules(club._id);
  useOfflineCopy(club, user);
  const [selected, setSelected] = useState<BookingEntry | null>(null);
  /** The booking the user just took themselves off, while the line with its way back shows. */
  const [justLeft, setJustLeft] = useState<{ reservation: Reservation; what: string } | null>(null);
  const { showAlert, alertDialog } = useAlert(() => headingRef.current);

  // Only a booking someone else made needs the members' names: a club without co-players asks nothing more.
  const someoneElses =
    mine.key === key && (mine.value ?? []).some((reservation) => reservation.user_id !== user._id);
  useEffect(() => {
    if (someoneElses) ensureClubUsers(user.club_id);
  }, [someoneElses, user.club_id]);
  useEffect(() => {
    myReservationsCache.ensure(key, () => loadOwnReservations(user.club_id, user._id, club.time_zone));
  }, [key, user.club_id, user._id, club.time_zone]);
  // Others' changes to the user's bookings (an admin, a court block) show at once.
  useLiveUpdates(user.club_id, user._id, club.time_zone);

  const onDone = useCallback(
    (output: PopupOutput) => {
      // Closing clears the selected slot; the outcome of the delete is not shown,
      // except that a refused one is alerted like everywhere else.
      setSelected(null);
      if (output.outcome === 'saved') {
        myReservationsCache.update(key, () => ownReservations(output.reservations, user._id));
      } else if (output.outcome === 'failed') {
        showAlert(output.error);
      }
    },
    [key, user._id, showAlert],
  );

  const own = mine.key === key ? mine.value : null;
  const members = new Map(
    (users.key === user.club_id ? (users.value ?? []) : []).map((member) => [member._id, member]),
  );
  const namesSettled = users.key === user.club_id && (users.status === 'loaded' || users.status === 'failed');
  if (own === null) {
    return mine.key === key && mine.status === 'failed' ? (
      <BookingsHeading ref={headingRef} />
    ) : (
      <Splash text={texts.reservationsSplash} />
    );
  }
  const entries = bookingEntries(own, now);

  return (
    <section className="bookings" aria-labelledby="bookings-title">
      <BookingsHeading
        ref={headingRef}
        counter={{ upcoming: upcomingCount(own, now.date, user._id, play), limit: club.reservations_limit }}
      />
      {justLeft && (
        <LeftNotice
          key={justLeft.reservation._id}
          reservationId={justLeft.reservation._id}
          clubId={club._id}
          what={justLeft.what}
          onBack={() => {
            const back = justLeft.reservation;
            myReservationsCache.update(key, (list) => [...list.filter((r) => r._id !== back._id), back]);
            setJustLeft(null);
            headingRef.current?.focus();
          }}
          onDismiss={() => {
            setJustLeft(null);
            headingRef.current?.focus();
          }}
        />
      )}
      {entries.length === 0 ? (
        <p className="bookings__empty">{texts.noActiveReservations}</p>
      ) : (
        <ul className="bookings__list">
          {entries.map((entry) => (
            <BookingItem
              key={entry.reservation._id}
              entry={entry}
              userId={user._id}
              booker={entry.reservation.user_id === user._id ? user : members.get(entry.reservation.user_id)}
              bookerPending={
                entry.reservation.user_id !== user._id &&
                !namesSettled &&
                !members.has(entry.reservation.user_id)
              }
              onLeft={(what) => {
                const left = entry.reservation;
                myReservationsCache.update(key, (list) => list.filter((r) => r._id !== left._id));
                setJustLeft({ reservation: left, what });
                headingRef.current?.focus();
              }}
              deleting={selected?.reservation._id === entry.reservation._id}
              onDelete={() => setSelected(entry)}
            />
          ))}
        </ul>
      )}
      {selected && (
        <DeleteReservationPopup
          input={{
            slot: {
              court: Number(selected.reservation.court_num),
              date: selected.date,
              hour: selected.reservation.start_time,
              reservation_id: selected.reservation._id,
              recurring: selected.reservation.recurring,
            },
          }}
          hours={{ start: selected.reservation.start_time, end: selected.reservation.end_time }}
          cancelNote={cancelNote(
            club,
            selected.date,
            selected.reservation.start_time,
            now,
            user.role === 'admin',
          )}
          holder={selected.reservation.label ?? undefined}
          window={myWindow(now.date)}
          fallbackFocus={() => headingRef.current}
          onDone={onDone}
        />
      )}
      {alertDialog}
      <OwnSections clubId={club._id} />
    </section>
  );
}
