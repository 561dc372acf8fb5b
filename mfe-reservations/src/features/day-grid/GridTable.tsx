/**
 * The day's table: one labelled button per court and hour, marked without colour alone. It is one
 * Tab stop; the arrow keys move inside it (grid-keys.ts).
 */
import {
  memo,
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { formatDateDe, formatHour } from '@platzbuchung/domain/dates';
import type { Club, IsoDate } from '@platzbuchung/domain/types';
import { BlockedIcon, MineIcon, RepeatIcon, WithMeIcon } from '../../shared/icons';
import { isBlocked, isInert } from '../../shared/popup/slot-click';
import type { GridCell } from './grid-model';
import { cellAfterKey, isStop, keyGrid, landingCell, type CellPosition } from './grid-keys';
import { courtNumbers } from '@platzbuchung/domain/reservations/day-slots';
import { courtName } from '@platzbuchung/domain/courts';

/** The id of a cell's button, so a closed popup can give the focus back to it. */
export const cellId = (court: number, hour: number) => `slot-${court}-${hour}`;

/** The hours a table shows in its first paint: about what a phone shows above the fold. */
const FIRST_PAINT_HOURS = 5;

/** A court column's narrowest width in CSS pixels (`.slot`'s min-width, 5.5rem, at 16 px). */
const COURT_MIN_WIDTH_PX = 88;

/**
 * How many courts the first paint fills in: as many as the window could show side by side. The
 * others get empty cells of the same width until the rest renders, so nothing moves; a phone
 * shows four of a busy club's twenty courts.
 */
const courtsInFirstPaint = () => Math.ceil(window.innerWidth / COURT_MIN_WIDTH_PX);

/** What a table shows: some rows, each with its first `filledCourts` courts filled in. */
interface ShownCells<Row> {
  shownRows: Row[];
  filledCourts: number;
}

/**
 * The first rows with the courts the window shows, then the whole table as a deferred render:
 * React renders it in the background in short tasks and shows it in one commit once it is done,
 * so a busy club's twenty courts and fourteen hours never keep a phone's main thread busy before
 * the first hours show, nor for one long task after (bench/README.md). A later change (another
 * day, a booking) renders the whole table in the background the same way while the previous one
 * stays; rows whose cells did not change are not rendered again (`GridRow` is memoized).
 * `firstPaintCourts`: the courts the first paint filled in, in its rows; they stay marked after it.
 */
function useCellsDeferred<Row>(rows: Row[]): ShownCells<Row> & { firstPaintCourts: number } {
  const [firstPaint] = useState<ShownCells<Row>>(() => ({
    shownRows: rows.slice(0, FIRST_PAINT_HOURS),
    filledCourts: courtsInFirstPaint(),
  }));
  const whole = useMemo(() => ({ shownRows: rows, filledCourts: Infinity }), [rows]);
  const shown = useDeferredValue(whole, firstPaint);
  return { ...shown, firstPaintCourts: firstPaint.filledCourts };
}

/** The same function for every render, calling the newest `callback`: memoized rows stay valid. */
function useSteadyCallback<Args extends unknown[]>(callback: (...args: Args) => void) {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/** The court and hour of a slot button the event came from, or null for anything else. */
function slotPositionOf(target: EventTarget): CellPosition | null {
  if (!(target instanceof HTMLElement)) return null;
  const { court, hour } = target.dataset;
  return court && hour ? { court: Number(court), hour: Number(hour) } : null;
}

/**
 * The grid's one Tab stop (a roving tabindex): the cell last focused while it is still a stop,
 * else the first hour still to come. The arrow keys, Home, End and the page keys move it and the
 * focus with it; a click moves it too.
 */
function useRovingCell(rows: GridCell[][], isAdmin: boolean) {
  const grid = useMemo(() => keyGrid(rows, (cell) => isInert(cell, isAdmin)), [rows, isAdmin]);
  const [chosen, setChosen] = useState<CellPosition | null>(null);
  const stop = chosen && isStop(grid, chosen) ? chosen : landingCell(grid);
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = slotPositionOf(event.target);
    const to = from && !event.altKey && !event.metaKey && cellAfterKey(grid, from, event);
    if (!to) return;
    event.preventDefault();
    setChosen(to);
    document.getElementById(cellId(to.court, to.hour))?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const at = slotPositionOf(event.target);
    if (at) setChosen(at);
  };
  return { stop, onKeyDown, onFocus };
}

export function GridTable({
  club,
  date,
  rows,
  isAdmin,
  onCellClick,
  onFirstApproach,
}: {
  club: Club;
  date: IsoDate;
  rows: GridCell[][];
  isAdmin: boolean;
  onCellClick: (cell: GridCell) => void;
  /** The pointer or the focus entered the table: a click may follow. */
  onFirstApproach: () => void;
}) {
  const { shownRows, filledCourts, firstPaintCourts } = useCellsDeferred(rows);
  const onClick = useSteadyCallback(onCellClick);
  const roving = useRovingCell(rows, isAdmin);
  return (
    <table
      role="grid"
      className="day-grid"
      onPointerEnter={onFirstApproach}
      onKeyDown={roving.onKeyDown}
      onFocus={(event) => {
        onFirstApproach();
        roving.onFocus(event);
      }}
    >
      <caption className="visually-hidden">Plätze am {formatDateDe(date)}</caption>
      <thead>
        <tr>
          <th scope="col" className="day-grid__corner">
            <span className="visually-hidden">Uhrzeit</span>
          </th>
          {courtNumbers(club).map((court) => (
            <th key={court} scope="col" className="day-grid__court" data-court={court}>
              {courtName(club, court)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shownRows.map((row, index) => (
          <GridRow
            key={row[0]?.hour}
            row={row}
            filledCourts={filledCourts}
            firstPaintCourts={index < FIRST_PAINT_HOURS ? firstPaintCourts : 0}
            tabStopCourt={roving.stop && roving.stop.hour === row[0]?.hour ? roving.stop.court : null}
            isAdmin={isAdmin}
            onClick={onClick}
          />
        ))}
      </tbody>
    </table>
  );
}

const GridRow = memo(function GridRow({
  row,
  filledCourts,
  firstPaintCourts,
  tabStopCourt,
  isAdmin,
  onClick,
}: {
  row: GridCell[];
  /** Courts beyond this get empty cells of the same width, filled in by a later step. */
  filledCourts: number;
  /** This row's courts the first paint filled in (0 for a row it did not show). */
  firstPaintCourts: number;
  /** The court whose cell in this row is the grid's Tab stop, if any. */
  tabStopCourt: number | null;
  isAdmin: boolean;
  onClick: (cell: GridCell) => void;
}) {
  return (
    <tr>
      <th scope="row" className="day-grid__hour">
        {formatHour(row[0]?.hour ?? 0)}
      </th>
      {row.map((cell, index) =>
        index < filledCourts ? (
          // The first paint's cells are on screen from the start. With `content-visibility: auto`
          // the browser laid that frame out, found them visible and laid it out again before
          // painting (bench/README.md, "browser"); their class keeps the containment `auto` gives.
          <td key={cell.court} className={cellClass(cell, index < firstPaintCourts)}>
            <SlotButton
              cell={cell}
              inert={isInert(cell, isAdmin) || isBlocked(cell)}
              tabStop={cell.court === tabStopCourt}
              onClick={onClick}
            />
          </td>
        ) : (
          <td key={cell.court} className="day-grid__cell day-grid__cell--later" />
        ),
      )}
    </tr>
  );
});

/** A cell joined to the hour above or below pads only on its open sides. */
function cellClass(cell: GridCell, firstPaint: boolean): string {
  const classes = ['day-grid__cell'];
  if (firstPaint) classes.push('day-grid__cell--first');
  if (cell.joinsAbove) classes.push('day-grid__cell--joins-above');
  if (cell.joinsBelow) classes.push('day-grid__cell--joins-below');
  return classes.join(' ');
}

function slotClass(cell: GridCell): string {
  const classes = ['slot'];
  if (cell.reservation) classes.push(cell.mine ? 'slot--mine' : 'slot--reserved');
  else if (cell.block) classes.push('slot--blocked');
  else classes.push('slot--free');
  if (cell.withMe) classes.push('slot--with-me');
  if (cell.joinsAbove) classes.push('slot--joins-above');
  if (cell.joinsBelow) classes.push('slot--joins-below');
  if (cell.beyondHorizon) classes.push('slot--not-yet');
  if (cell.past) classes.push('slot--past');
  return classes.join(' ');
}

function SlotButton({
  cell,
  inert,
  tabStop,
  onClick,
}: {
  cell: GridCell;
  inert: boolean;
  tabStop: boolean;
  onClick: (cell: GridCell) => void;
}) {
  return (
    <button
      type="button"
      id={cellId(cell.court, cell.hour)}
      data-court={cell.court}
      data-hour={cell.hour}
      tabIndex={tabStop ? 0 : -1}
      className={slotClass(cell)}
      aria-label={cell.accessibleName}
      aria-disabled={inert || undefined}
      title={cell.players || cell.text || undefined}
      onClick={() => onClick(cell)}
    >
      {isBlocked(cell) && <BlockedIcon />}
      {cell.mine && <MineIcon />}
      {cell.withMe && <WithMeIcon />}
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
