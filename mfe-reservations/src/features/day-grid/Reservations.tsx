/**
 * The day grid at /reservations: a toolbar to change the
 * day, one button per court and hour, and the two popups. Data comes from the day-grid machine;
 * what a click does comes from `slotClick`; this file only wires them to the page.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { addDays, formatDateDe, formatHour } from '@platzbuchung/domain/dates';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/domain/host-contract';
import { texts } from '@platzbuchung/domain/texts';
import type { Club, IsoDate, Reservation, SessionUser } from '@platzbuchung/domain/types';
import { clubNow } from '@platzbuchung/domain/club-time';
import { clubUsersCache, ensureClubUsers } from '../../shared/club-users';
import {
  BlockedIcon,
  MineIcon,
  NextIcon,
  PlayersIcon,
  PreviousIcon,
  ReloadIcon,
  RepeatIcon,
} from '../../shared/icons';
import {
  absorbAnswer,
  cacheKey,
  myReservationsCache,
  upcomingCount,
  type DeletedPart,
} from '../../shared/my-reservations';
import { fetchBlocks, fetchReservations, type DateWindow } from '../../shared/reservations-api';
import { Splash } from '../../shared/Splash';
import { useClubNow } from '../../shared/use-club-now';
import { loadOwnReservations, useLiveUpdates } from '../../shared/use-live-updates';
import '../../shared/reservations.css';
import type { ChangeReservationInput } from '../popups/change-reservation-machine';
import type { MakeReservationInput, PopupOutput } from '../popups/make-reservation-machine';
import type { DeleteReservationInput } from '../popups/delete-reservation-machine';
import { isBlocked, isInert, slotClick } from '../popups/slot-click';
import { dayGridMachine, type WeekData } from './day-grid-machine';
import {
  buildGrid,
  cancelNote,
  gridChangeAnnouncement,
  gridCourts,
  horizonNotice,
  isTaken,
  weekWindow,
  type GridCell,
} from './grid-model';

/**
 * The popups' code loads when the pointer or the keyboard focus first enters the grid, or at the
 * first click at the latest; until then the grid itself shows sooner.
 */
const gridPopups = () => import('../popups/grid-popups');
const MakeReservationPopup = lazy(() => gridPopups().then((m) => ({ default: m.MakeReservationPopup })));
const DeleteReservationPopup = lazy(() => gridPopups().then((m) => ({ default: m.DeleteReservationPopup })));
const ChangeReservationPopup = lazy(() => gridPopups().then((m) => ({ default: m.ChangeReservationPopup })));
const preloadPopups = () => void gridPopups();

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
      /** Whether the viewer may change it: then the popup offers "Ändern". */
      changeable: boolean;
      /** For a player's own booking: until when it can still be cancelled. */
      cancelNote: ReturnType<typeof cancelNote>;
    }
  | { kind: 'change'; input: ChangeReservationInput; holder: string; cellId: string };

const cellId = (court: number, hour: number) => `slot-${court}-${hour}`;

function DayGrid({ club, user }: { club: Club; user: SessionUser }) {
  const now = useClubNow(club.time_zone);
  const isAdmin = user.role === 'admin';
  const mineKey = cacheKey(club._id, user._id);

  const [machine] = useState(() =>
    dayGridMachine.provide({
      actors: {
        loadWeek: fromPromise<WeekData, { clubId: string; window: DateWindow }>(async ({ input, signal }) => {
          const [reservations, blocks] = await Promise.all([
            fetchReservations(input.clubId, input.window, signal),
            fetchBlocks(input.clubId, input.window, signal),
          ]);
          return { reservations, blocks };
        }),
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
    input: { clubId: club._id, date: lastShownDate ?? clubNow(club.time_zone).date },
  });
  const { date, reservations, blocks, loadedWindow } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const showSplash = loading && (loadedWindow === null || date < loadedWindow.from || date > loadedWindow.to);

  const users = useSyncExternalStore(clubUsersCache.subscribe, clubUsersCache.get);
  const mine = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  const loadMine = useCallback(
    () => loadOwnReservations(club._id, user._id, club.time_zone),
    [club._id, club.time_zone, user._id],
  );
  useLiveUpdates(club._id, user._id, club.time_zone, {
    change: (change) => send({ type: 'live.change', change }),
    resync: () => send({ type: 'live.resync' }),
  });
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
        blocks,
        users: users.key === club._id ? (users.value ?? []) : [],
        userId: user._id,
        now,
        isAdmin,
      }),
    [club, date, reservations, blocks, users, user._id, now, isAdmin],
  );

  const announcement = useLiveAnnouncement(rows, date, snapshot.context.liveSeq);

  const [popup, setPopup] = useState<Popup | null>(null);
  // A slot someone else took while its booking popup was open (the live stream told us).
  const popupSlotTaken =
    popup?.kind === 'make' &&
    popup.input.slot.date === date &&
    isTaken(rows.flat().find((cell) => cellId(cell.court, cell.hour) === popup.cellId));
  const ownCount =
    mine.key === mineKey && mine.status === 'loaded' && mine.value
      ? upcomingCount(mine.value, now.date)
      : null;

  const notice = horizonNotice(club, date, now, isAdmin);

  const onCellClick = (cell: GridCell) => {
    const action = slotClick(
      { ...cell, date },
      { isAdmin, upcomingCount: ownCount, limit: club.reservations_limit, horizonNotice: notice },
    );
    const id = cellId(cell.court, cell.hour);
    if (action.kind === 'alert') window.alert(action.message);
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
        },
      });
    } else if (action.kind === 'delete' && cell.reservation) {
      const deadline = cell.mine ? cancelNote(club, date, cell.reservation.start_time, now, isAdmin) : null;
      setPopup({
        kind: 'delete',
        cellId: id,
        input: { slot: action.slot },
        reservation: cell.reservation,
        holder: cell.text,
        // Players move their own upcoming single booking until the club's deadline; admins any booking still to come.
        changeable:
          !cell.past && (isAdmin || (cell.mine && !cell.reservation.recurring && deadline?.open !== false)),
        cancelNote: deadline,
      });
    }
  };

  const openChange = (from: Extract<Popup, { kind: 'delete' }>) =>
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

  const answerWindow = loadedWindow ?? weekWindow(date);
  const onPopupDone = useCallback(
    (output: PopupOutput, deleted?: DeletedPart, wholeGroup = false) => {
      setPopup(null);
      if (output.outcome === 'saved') {
        send({ type: 'reservations.replaced', window: answerWindow, reservations: output.reservations });
        myReservationsCache.update(mineKey, (cached) =>
          absorbAnswer(cached, output.reservations, answerWindow, user._id, deleted),
        );
        // The other courts of a group may lie on other days' lists, so ask rather than guess.
        if (wholeGroup) myReservationsCache.reload(mineKey, loadMine);
      } else if (output.outcome === 'failed') {
        // After the popup has closed, the error as received.
        setTimeout(() => window.alert(output.error), 0);
        // A refusal usually means the grid is behind (a new booking or court block): show it as it is.
        send({ type: 'grid.reload' });
      }
    },
    [send, answerWindow, mineKey, user._id, loadMine],
  );

  /** A moved booking may have left the loaded week: the own list is asked again, not patched. */
  const onChangeDone = useCallback(
    (output: PopupOutput) => {
      onPopupDone(output);
      if (output.outcome === 'saved') myReservationsCache.reload(mineKey, loadMine);
    },
    [onPopupDone, mineKey, loadMine],
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
          <DateField
            className="date-field"
            label="Datum"
            hideLabel
            value={date}
            today={today}
            onChange={(chosen) => send({ type: 'date.change', date: chosen })}
          />
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
        <a className="players-link" href={hostPaths.players}>
          <PlayersIcon />
          Spieler
        </a>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {formatDateDe(date)}
        {notice ? `. ${notice}` : ''}
      </p>
      {notice && (
        <p className="grid-notice" role="note">
          {notice}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {showSplash ? (
        <Splash text={texts.reservationsSplash} />
      ) : (
        <div className="grid-scroll" aria-busy={loading || undefined} tabIndex={-1}>
          <table className="day-grid" onPointerEnter={preloadPopups} onFocus={preloadPopups}>
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
                      <SlotButton
                        cell={cell}
                        inert={isInert(cell, isAdmin) || isBlocked(cell)}
                        onClick={onCellClick}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Suspense fallback={null}>
        {popup?.kind === 'make' && (
          <MakeReservationPopup
            input={popup.input}
            taken={popupSlotTaken}
            window={answerWindow}
            onDone={onPopupDone}
          />
        )}
        {popup?.kind === 'delete' && (
          <DeleteReservationPopup
            input={popup.input}
            hours={{ start: popup.reservation.start_time, end: popup.reservation.end_time }}
            holder={popup.holder || undefined}
            window={answerWindow}
            fallbackFocus={() => document.getElementById(popup.cellId)}
            onDone={onPopupDone}
            onChangeInstead={popup.changeable ? () => openChange(popup) : undefined}
            cancelNote={popup.cancelNote}
          />
        )}
        {popup?.kind === 'change' && (
          <ChangeReservationPopup
            input={popup.input}
            holder={popup.holder || undefined}
            window={answerWindow}
            today={today}
            fallbackFocus={() => document.getElementById(popup.cellId)}
            onDone={onChangeDone}
          />
        )}
      </Suspense>
    </section>
  );
}

/**
 * A short polite sentence when someone else's change (a live change, not the viewer's own answer or
 * a step to another day) alters the day on screen; the last one stays until the next.
 */
function useLiveAnnouncement(rows: GridCell[][], date: IsoDate, liveSeq: number): string {
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef({ rows, date, liveSeq });
  useEffect(() => {
    const previous = shown.current;
    shown.current = { rows, date, liveSeq };
    if (previous.date !== date || previous.liveSeq === liveSeq) return;
    const text = gridChangeAnnouncement(previous.rows, rows, date);
    if (text) setAnnouncement(text);
  }, [rows, date, liveSeq]);
  return announcement;
}

function slotClass(cell: GridCell): string {
  const classes = ['slot'];
  if (cell.reservation) classes.push(cell.mine ? 'slot--mine' : 'slot--reserved');
  else if (cell.block) classes.push('slot--blocked');
  else classes.push('slot--free');
  if (cell.beyondHorizon) classes.push('slot--not-yet');
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
      {isBlocked(cell) && <BlockedIcon />}
      {cell.mine && <MineIcon />}
      {cell.reservation?.recurring && <RepeatIcon />}
      {isBlocked(cell) && cell.block ? (
        // On a phone the icon and hatching say "closed" and the narrow cell keeps room for the reason.
        <span className="slot__text">
          <span className="slot__blocked-word">Gesperrt: </span>
          {cell.block.reason}
        </span>
      ) : (
        <span className="slot__text">{cell.text}</span>
      )}
    </button>
  );
}
