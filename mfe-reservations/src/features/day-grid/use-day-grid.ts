/**
 * Everything the day grid shows, kept current: the week around the shown day (from the day-grid
 * machine), the club's members for the cells' names, the user's own bookings for the limit, and
 * other members' changes as the live stream brings them.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { Club, IsoDate, SessionUser } from '@platzbuchung/domain/types';
import { clubUsersCache, ensureClubUsers, ensureUsersKnown, withOwnName } from '../../shared/club-users';
import { useLoadedPlayRules } from '../../shared/club-play-rules';
import { useOfflineCopy } from '../../shared/offline-copy';
import { cacheKey, myReservationsCache, upcomingCount } from '../../shared/my-reservations';
import { fetchBlocks, fetchReservations, type DateWindow } from '../../shared/reservations-api';
import { useClubNow } from '../../shared/use-club-now';
import { loadOwnReservations, useLiveUpdates } from '../../shared/use-live-updates';
import { dayGridMachine, type DayGridEvent, type WeekData } from './day-grid-machine';
import { dayInQuery, dayQuery } from '@platzbuchung/domain/reservations/day-address';
import { hostPaths, type HostContract } from '@platzbuchung/host/contract';
import { weekWindow } from '@platzbuchung/domain/reservations/screen-requests';
import {
  buildGrid,
  gridChangeAnnouncement,
  horizonNotice,
  windowContains,
  type GridCell,
} from './grid-model';

/** The day last shown, so coming back from another screen keeps it (for this page load). */
let lastShownDate: IsoDate | null = null;

const loadWeek = fromPromise<WeekData, { clubId: string; window: DateWindow }>(async ({ input, signal }) => {
  const [reservations, blocks] = await Promise.all([
    fetchReservations(input.clubId, input.window, signal),
    fetchBlocks(input.clubId, input.window, signal),
  ]);
  return {
    reservations: reservations.value,
    blocks: blocks.value,
    clubSeq: Math.min(reservations.clubSeq, blocks.clubSeq),
  };
});

export function useDayGrid(club: Club, user: SessionUser, host: HostContract) {
  const now = useClubNow(club.time_zone);
  const isAdmin = user.role === 'admin';
  const [machine] = useState(() =>
    dayGridMachine.provide({
      actors: { loadWeek },
      actions: {
        reportLoadFailed: (_, error) => console.error('Reservierungen konnten nicht geladen werden', error),
        reportDate: (_, date) => {
          lastShownDate = date;
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      clubId: club._id,
      date: dayInQuery(host.location.search) ?? lastShownDate ?? clubNow(club.time_zone).date,
    },
  });
  const { date, reservations, blocks, loadedWindow, liveSeq } = snapshot.context;
  useDayInAddress(date, host, send);
  const loading = snapshot.hasTag('loading');

  const users = useSyncExternalStore(clubUsersCache.subscribe, clubUsersCache.get);
  const ownCache = useSyncExternalStore(myReservationsCache.subscribe, myReservationsCache.get);
  const play = useLoadedPlayRules(club._id);
  useOfflineCopy(club, user);
  const mineKey = cacheKey(club._id, user._id);
  const loadMine = useCallback(
    () => loadOwnReservations(club._id, user._id, club.time_zone),
    [club._id, club.time_zone, user._id],
  );
  useLiveUpdates(club._id, user._id, club.time_zone, {
    change: (change) => {
      send({ type: 'live.change', change });
      // A member who joined after the list was loaded: their name, not "reserviert".
      if ('reservation' in change && change.reservation)
        ensureUsersKnown(club._id, [change.reservation.user_id]);
    },
    resync: (since) => send({ type: 'live.resync', since }),
  });
  // A layout effect, not an effect: React may run effects only after the next paint, and the
  // members' names should arrive with the week, not a render of the grid after it.
  useLayoutEffect(() => {
    ensureClubUsers(club._id);
    myReservationsCache.ensure(mineKey, loadMine);
  }, [club._id, mineKey, loadMine]);

  /** Only the first load of a week shows the splash; a reload keeps the grid on screen. */
  const showSplash = loading && !windowContains(loadedWindow, date);
  // Under the splash there is no grid to show: a busy club's day is 280 cells, otherwise built empty
  // on the first render and again when the members arrive, on a slow phone's way to the first
  // paint (bench/README.md, "browser").
  const rows = useMemo(
    () =>
      showSplash
        ? []
        : buildGrid({
            club,
            date,
            reservations,
            blocks,
            users: withOwnName(users.key === club._id ? (users.value ?? []) : [], user),
            userId: user._id,
            now,
            isAdmin,
          }),
    [showSplash, club, date, reservations, blocks, users, user, now, isAdmin],
  );
  const ownCount =
    ownCache.key === mineKey && ownCache.status === 'loaded' && ownCache.value
      ? upcomingCount(ownCache.value, now.date, user._id, play)
      : null;

  return {
    now,
    date,
    rows,
    loading,
    showSplash,
    answerWindow: loadedWindow ?? weekWindow(date),
    /** The loaded week's bookings: the make popup counts the quotas' hours left from them. */
    week: loadedWindow ? { window: loadedWindow, reservations } : null,
    ownCount,
    notice: horizonNotice(club, date, now, isAdmin),
    announcement: useLiveAnnouncement(rows, date, liveSeq),
    mine: { key: mineKey, load: loadMine },
    send,
    reload: () => {
      send({ type: 'grid.reload' });
      myReservationsCache.reload(mineKey, loadMine);
    },
  };
}

/**
 * The shown day and the address's `?date=` follow each other (docs/architecture/first-visit.md): a
 * day the member steps to is a new history entry, so Back returns to the day before; an address
 * that moves (Back, Forward, a link) moves the grid; an address without a day gets the shown one in
 * place, so Back to it shows that day and a reload keeps it.
 */
function useDayInAddress(date: IsoDate, host: HostContract, send: (event: DayGridEvent) => void) {
  const { search } = host.location;
  const shown = useRef({ date, search });
  useEffect(() => {
    const previous = shown.current;
    shown.current = { date, search };
    const inAddress = dayInQuery(search);
    if (search !== previous.search && inAddress !== null && inAddress !== date) {
      send({ type: 'date.change', date: inAddress });
      return;
    }
    if (inAddress !== date)
      host.navigate(`${hostPaths.reservations}${dayQuery(date)}`, { replace: inAddress === null });
  }, [date, search, host, send]);
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
