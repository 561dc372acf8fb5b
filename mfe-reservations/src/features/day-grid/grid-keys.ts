/**
 * The grid's keyboard path, as the ARIA grid pattern has it: the table is one Tab stop and the
 * arrow keys move inside it (a roving tabindex, GridTable.tsx). Hours a player cannot use any more
 * are stepped over, so from the page above the grid one Tab lands on the first hour still to come.
 * Plain functions of the rows, tested without a browser.
 */
import type { GridCell } from './grid-model';

export interface CellPosition {
  court: number;
  hour: number;
}

/** How many hours Page Up and Page Down move. */
const PAGE_HOURS = 5;

/** The rows, and which cells the keyboard passes by. */
interface KeyGrid {
  rows: readonly (readonly GridCell[])[];
  skipped: (cell: GridCell) => boolean;
}

/**
 * The grid as the keys see it: `skipped` cells (a player's past hours) are passed by, unless every
 * cell is (a day gone by), when none is, so the grid stays reachable.
 */
export function keyGrid(rows: KeyGrid['rows'], skipped: KeyGrid['skipped']): KeyGrid {
  const anyStop = rows.some((row) => row.some((cell) => !skipped(cell)));
  return { rows, skipped: anyStop ? skipped : () => false };
}

const at = (grid: KeyGrid, row: number, column: number): GridCell | undefined => grid.rows[row]?.[column];

function indexOf(grid: KeyGrid, position: CellPosition): { row: number; column: number } | null {
  const row = grid.rows.findIndex((cells) => cells[0]?.hour === position.hour);
  const column = row < 0 ? -1 : grid.rows[row]!.findIndex((cell) => cell.court === position.court);
  return column < 0 ? null : { row, column };
}

const positionOf = (cell: GridCell | undefined): CellPosition | null =>
  cell ? { court: cell.court, hour: cell.hour } : null;

/**
 * The cell the grid's one Tab stop sits on when none was chosen: the first that is not passed by,
 * in reading order. Null for an empty grid.
 */
export function landingCell(grid: KeyGrid): CellPosition | null {
  for (const row of grid.rows) {
    const cell = row.find((candidate) => !grid.skipped(candidate));
    if (cell) return positionOf(cell);
  }
  return null;
}

/** Whether the position is a cell of the grid the keyboard may stop on. */
export function isStop(grid: KeyGrid, position: CellPosition): boolean {
  const index = indexOf(grid, position);
  const cell = index && at(grid, index.row, index.column);
  return Boolean(cell) && !grid.skipped(cell!);
}

/** The first stop from `row` on in steps of `step` rows, in one column; none past the edge. */
function rowStop(grid: KeyGrid, row: number, column: number, step: 1 | -1): GridCell | undefined {
  for (let r = row; r >= 0 && r < grid.rows.length; r += step) {
    const cell = at(grid, r, column);
    if (cell && isStop(grid, cell)) return cell;
  }
  return undefined;
}

/** The cell a key moves to from `from`, or null when the key is not the grid's or leads nowhere. */
export function cellAfterKey(
  grid: KeyGrid,
  from: CellPosition,
  key: { key: string; ctrlKey: boolean },
): CellPosition | null {
  const index = indexOf(grid, from);
  if (!index) return null;
  const { row, column } = index;
  const last = grid.rows.length - 1;
  const lastColumn = (grid.rows[row]?.length ?? 1) - 1;
  const stopIn = (r: number, c: number) => {
    const cell = at(grid, r, c);
    return cell && isStop(grid, cell) ? cell : undefined;
  };
  switch (key.key) {
    case 'ArrowRight':
      return positionOf(stopIn(row, Math.min(column + 1, lastColumn)));
    case 'ArrowLeft':
      return positionOf(stopIn(row, Math.max(column - 1, 0)));
    case 'ArrowDown':
      return positionOf(rowStop(grid, row + 1, column, 1)) ?? from;
    case 'ArrowUp':
      return positionOf(rowStop(grid, row - 1, column, -1)) ?? from;
    case 'PageDown':
      return positionOf(rowStop(grid, Math.min(row + PAGE_HOURS, last), column, -1)) ?? from;
    case 'PageUp':
      return positionOf(rowStop(grid, Math.max(row - PAGE_HOURS, 0), column, 1)) ?? from;
    case 'Home':
      return key.ctrlKey ? landingCell(grid) : positionOf(stopIn(row, 0));
    case 'End':
      return key.ctrlKey
        ? positionOf(rowStop(grid, last, lastColumn, -1))
        : positionOf(stopIn(row, lastColumn));
    default:
      return null;
  }
}
