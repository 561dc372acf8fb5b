/**
 * The day grid at /reservations: a toolbar to change the day, one button per court and hour, and
 * the popups. Data comes from `useDayGrid`, what a click opens from `useGridPopups`; this file
 * lays them out on the page.
 */
import { useCallback } from 'react';
import { askPageLists } from '@platzbuchung/ui/api/client';
import { formatDateDe } from '@platzbuchung/domain/dates';
import type { HostContract, RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, SessionUser } from '@platzbuchung/domain/types';
import { DoneIcon } from '../../shared/icons';
import { Splash } from '../../shared/Splash';
import '../../shared/reservations.css';
import './day-grid.css';
import { MemberScreen } from '../../shared/member-screen';
import { GridPopups, preloadPopups } from './popups-on-demand';
import { GridScroll } from './GridScroll';
import { GridTable } from './GridTable';
import { GridToolbar } from './GridToolbar';
import { useDayGrid } from './use-day-grid';
import { useGridPopups } from './use-grid-popups';
import { useGridMarks } from '../../shared/screen-pieces';

// The grid's week, its blocks and the member's own bookings, preloaded by the page, are asked for
// as this screen's code runs, before its first render (packages/ui/src/api/client.ts).
askPageLists();

export default function Reservations({ host }: RemoteScreenProps) {
  return <MemberScreen host={host} Screen={DayGrid} />;
}

function DayGrid({ club, user, host }: { club: Club; user: SessionUser; host: HostContract }) {
  const grid = useDayGrid(club, user, host);
  const { date, notice, send } = grid;
  const popups = useGridPopups({ club, user, ...grid, horizonNotice: notice });
  const rows = useGridMarks(club._id, grid.rows, date);
  const approach = useCallback(() => preloadPopups(club._id), [club._id]);

  return (
    <section className="grid-screen" aria-labelledby="grid-screen-title">
      <h1 id="grid-screen-title" className="visually-hidden">
        Platzplan
      </h1>
      <GridToolbar
        date={date}
        today={grid.now.date}
        loading={grid.loading}
        onReload={grid.reload}
        onDate={(chosen) => send({ type: 'date.change', date: chosen })}
      />
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
        {grid.announcement}
      </p>
      {/* Always there, so a screen reader hears the line that appears in it. */}
      <div role="status" aria-live="polite" className="grid-status-region">
        {popups.status && (
          <p className="grid-status">
            <DoneIcon />
            {popups.status}
          </p>
        )}
      </div>
      {grid.showSplash ? (
        <Splash text={texts.reservationsSplash} />
      ) : (
        <GridScroll busy={grid.loading}>
          <GridTable
            club={club}
            date={date}
            rows={rows}
            isAdmin={user.role === 'admin'}
            onCellClick={popups.onCellClick}
            onFirstApproach={approach}
          />
        </GridScroll>
      )}
      <GridPopups popup={popups.popup} handlers={popups.handlers} />
      {popups.alertDialog}
    </section>
  );
}
