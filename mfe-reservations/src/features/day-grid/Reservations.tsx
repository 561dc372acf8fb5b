/**
 * The day grid at /reservations (SPEC section 2, "Reservations screen"): a toolbar to change the
 * day, one button per court and hour, and the two popups. Data comes from the day-grid machine;
 * what a click does comes from `slotClick`; this file only wires them to the page.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Link } from 'react-router-dom';
import { addDays, formatDateDe, formatHour, shortWeekdayDe } from '@platzbuchung/domain/dates';
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/domain/host-contract';
import { texts } from '@platzbuchung/domain/texts';
import type { Club, IsoDate, Reservation, SessionUser } from '@platzbuchung/domain/types';
import { clubNow } from '../../shared/club-time';
import { clubUsersCache, ensureClubUsers } from '../../shared/club-users';
import { MineIcon, NextIcon, PlayersIcon, PreviousIcon, ReloadIcon, RepeatIcon } from '../../shared/icons';
import {
  absorbAnswer,
  cacheKey,
  myReservationsCache,
  myWindow,
  ownReservations,
  upcomingCount,
  type DeletedPart,
} from '../../shared/my-reservations';
import { fetchReservations, type DateWindow } from '../../shared/reservations-api';
import { Splash } from '../../shared/Splash';
import { useClubNow } from '../../shared/use-club-now';
import '../../shared/reservations.css';
import { DeleteReservationPopup } from '../popups/DeleteReservationPopup';
import { MakeReservationPopup } from '../popups/MakeReservationPopup';
import type { MakeReservationInput, PopupOutput } from '../popups/make-reservation-machine';
import type { DeleteReservationInput } from '../popups/delete-reservation-machine';
import { isInert, slotClick } from '../popups/slot-click';
import { dayGridMachine } from './day-grid-machine';
import { buildGrid, gridCourts, weekWindow, type GridCell } from './grid-model';

/** The day last shown, so coming back from another screen keeps it (for this page load). */
let lastShownDate: IsoDate | null = null;

export default function Reservations({ host }: RemoteScreenProps) {
  const { auth, club } = host;
  if (!auth.value) return null;
  if (!club) {
    return (
      <p className="notice notice--error" role="alert">
        {texts.clubNotFound}
      </p>
    );
  }
  return <DayGrid key={`${club._id}:${auth._id}`} club={club} user={auth} />;
}

type Popup =
  | { kind: 'make'; input: MakeReservationInput; cellId: string }
  | {
      kind: 'delete';
      input: DeleteReservationInput;
      reservation: Reservation;
      holder: string;
      cellId: string;
    };

const cellId = (court: number, hour: number) => `slot-${court}-${hour}`;

function DayGrid({ club, user }: { club: Club; user: SessionUser }) {
  const now = useClubNow();
  const isAdmin = user.role === 'admin';
  const mineKey = cacheKey(club._id, user._id);

  const [machine] = useState(() =>
    dayGridMachine.provide({
      actors: {
        loadReservations: fromPromise<Reservation[], { clubId: string; window: DateWindow }>(
          ({ input, signal }) => fetchReservations(input.clubId, input.window, signal),
        ),
      },
      actions: {
        reportLoadFailed: (_, error) => console.error('Loading reservations failed', error),
        reportDate: (_, date) => {
          lastShownDate = date;
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: { clubId: club._id, date: lastShownDate ?? clubNow().date },
  });
  const { date, reservations, loadedWindow } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const showSplash = loading && (loadedWindow === null || date < loadedWindow.from || date > loadedWindow.to);

  const users = useSyncExternalStore(clubUsersCache.subscribe, clubUsersCache.get);
  const mine = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  const loadMine = useCallback(
    () =>
      fetchReservations(club._id, myWindow(clubNow().date)).then((list) => ownReservations(list, user._id)),
    [club._id, user._id],
  );
  useEffect(() => {
    ensureClubUsers(club._id);
    myReservationsCache.ensure(mineKey, loadMine);
  }, [club._id, mineKey, loadMine]);

  const rows = useMemo(
    () =>
      buildGrid({
        club,
        date,
        reservations,
        users: users.key === club._id ? (users.value ?? []) : [],
        userId: user._id,
        now,
      }),
    [club, date, reservations, users, user._id, now],
  );

  const [popup, setPopup] = useState<Popup | null>(null);
  const ownCount =
    mine.key === mineKey && mine.status === 'loaded' && mine.value
      ? upcomingCount(mine.value, now.date)
      : null;

  const onCellClick = (cell: GridCell) => {
    const action = slotClick(
      { ...cell, date },
      { isAdmin, upcomingCount: ownCount, limit: club.reservations_limit },
    );
    const id = cellId(cell.court, cell.hour);
    if (action.kind === 'alert') window.alert(action.message);
    else if (action.kind === 'make') {
      setPopup({
        kind: 'make',
        cellId: id,
        input: { slot: action.slot, isAdmin, clubId: club._id, userId: user._id, endHour: club.end_hour },
      });
    } else if (action.kind === 'delete' && cell.reservation) {
      setPopup({
        kind: 'delete',
        cellId: id,
        input: { slot: action.slot },
        reservation: cell.reservation,
        holder: cell.text,
      });
    }
  };

  const answerWindow = loadedWindow ?? weekWindow(date);
  const onPopupDone = useCallback(
    (output: PopupOutput, deleted?: DeletedPart) => {
      setPopup(null);
      if (output.outcome === 'saved') {
        send({ type: 'reservations.replaced', window: answerWindow, reservations: output.reservations });
        myReservationsCache.update(mineKey, (cached) =>
          absorbAnswer(cached, output.reservations, answerWindow, user._id, deleted),
        );
      } else if (output.outcome === 'failed') {
        // After the popup has closed (SPEC section 4), the error as received (SPEC section 8).
        setTimeout(() => window.alert(output.error), 0);
      }
    },
    [send, answerWindow, mineKey, user._id],
  );

  const reload = () => {
    send({ type: 'grid.reload' });
    myReservationsCache.reload(mineKey, loadMine);
  };
  const today = now.date;

  return (
    <section className="grid-screen" aria-labelledby="grid-screen-title">
      <h1 id="grid-screen-title" className="visually-hidden">
        Reservierungen
      </h1>
      <div className="grid-toolbar">
        <button
          type="button"
          className="icon-button"
          onClick={reload}
          aria-label="Neu laden"
          title="Neu laden"
          disabled={loading}
        >
          {loading ? <span className="spinner" aria-hidden="true" /> : <ReloadIcon />}
        </button>
        <div className="date-nav">
          <button
            type="button"
            className="icon-button"
            onClick={() => send({ type: 'date.change', date: addDays(date, -1) })}
            aria-label="Vorheriger Tag"
            title="Vorheriger Tag"
          >
            <PreviousIcon />
          </button>
          <label className="date-field">
            <span className="date-field__weekday" aria-hidden="true">
              {shortWeekdayDe(date)}
            </span>
            <span className="visually-hidden">Datum</span>
            <input
              className="date-field__input"
              type="date"
              value={date}
              required
              onChange={(event) => send({ type: 'date.change', date: event.target.value })}
            />
          </label>
          <button
            type="button"
            className="icon-button"
            onClick={() => send({ type: 'date.change', date: addDays(date, 1) })}
            aria-label="Nächster Tag"
            title="Nächster Tag"
          >
            <NextIcon />
          </button>
        </div>
        <button
          type="button"
          className="button today-button"
          onClick={() => send({ type: 'date.change', date: today })}
          disabled={date === today}
        >
          {texts.today}
        </button>
        <Link className="players-link" to={hostPaths.players}>
          <PlayersIcon />
          Spieler
        </Link>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {formatDateDe(date)}
      </p>
      {showSplash ? (
        <Splash text={texts.reservationsSplash} />
      ) : (
        <div className="grid-scroll" aria-busy={loading || undefined} tabIndex={-1}>
          <table className="day-grid">
            <caption className="visually-hidden">Plätze am {formatDateDe(date)}</caption>
            <thead>
              <tr>
                <th scope="col" className="day-grid__corner">
                  <span className="visually-hidden">Uhrzeit</span>
                </th>
                {gridCourts(club).map((court) => (
                  <th key={court} scope="col" className="day-grid__court">
                    Platz {court}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row[0]?.hour}>
                  <th scope="row" className="day-grid__hour">
                    {formatHour(row[0]?.hour ?? 0)}
                  </th>
                  {row.map((cell) => (
                    <td key={cell.court} className="day-grid__cell">
                      <SlotButton cell={cell} inert={isInert(cell, isAdmin)} onClick={onCellClick} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {popup?.kind === 'make' && (
        <MakeReservationPopup input={popup.input} window={answerWindow} onDone={onPopupDone} />
      )}
      {popup?.kind === 'delete' && (
        <DeleteReservationPopup
          input={popup.input}
          hours={{ start: popup.reservation.start_time, end: popup.reservation.end_time }}
          holder={popup.holder || undefined}
          window={answerWindow}
          fallbackFocus={() => document.getElementById(popup.cellId)}
          onDone={onPopupDone}
        />
      )}
    </section>
  );
}

function slotClass(cell: GridCell): string {
  const classes = ['slot'];
  if (cell.reservation) classes.push(cell.mine ? 'slot--mine' : 'slot--reserved');
  else classes.push('slot--free');
  if (cell.past) classes.push('slot--past');
  return classes.join(' ');
}

function SlotButton({
  cell,
  inert,
  onClick,
}: {
  cell: GridCell;
  inert: boolean;
  onClick: (cell: GridCell) => void;
}) {
  return (
    <button
      type="button"
      id={cellId(cell.court, cell.hour)}
      className={slotClass(cell)}
      aria-label={cell.accessibleName}
      aria-disabled={inert || undefined}
      title={cell.text || undefined}
      onClick={() => onClick(cell)}
    >
      {cell.mine && <MineIcon />}
      {cell.reservation?.recurring && <RepeatIcon />}
      <span className="slot__text">{cell.text}</span>
    </button>
  );
}
