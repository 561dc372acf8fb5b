import { describe, expect, it } from 'vitest';
import { cellAfterKey, keyGrid, landingCell, type CellPosition } from '../src/features/day-grid/grid-keys';
import { buildGrid } from '../src/features/day-grid/grid-model';

const club = { courts_count: 3, start_hour: 8, end_hour: 20 };

/** A player's grid of a day whose hours before `hour` are over: those are passed by. */
function gridAt(hour: number) {
  const rows = buildGrid({
    club,
    date: '2026-11-23',
    reservations: [],
    users: [],
    userId: 'u-me',
    now: { date: '2026-11-23', hour },
  });
  return keyGrid(rows, (cell) => cell.past);
}

const press = (grid: ReturnType<typeof gridAt>, from: CellPosition, key: string, ctrlKey = false) =>
  cellAfterKey(grid, from, { key, ctrlKey });

describe('the grid’s keyboard path', () => {
  it('lands on the first hour still to come, on the first court', () => {
    expect(landingCell(gridAt(0))).toEqual({ court: 1, hour: 8 });
    // At 14:30 the hour under way is not past yet; 13:00 is.
    expect(landingCell(gridAt(14))).toEqual({ court: 1, hour: 14 });
  });

  it('on a day gone by, lands on the first cell and passes nothing by', () => {
    const grid = gridAt(24);
    expect(landingCell(grid)).toEqual({ court: 1, hour: 8 });
    expect(press(grid, { court: 1, hour: 8 }, 'ArrowDown')).toEqual({ court: 1, hour: 9 });
  });

  it('moves by one court or one hour with the arrows, and stays at the edges', () => {
    const grid = gridAt(0);
    expect(press(grid, { court: 1, hour: 10 }, 'ArrowRight')).toEqual({ court: 2, hour: 10 });
    expect(press(grid, { court: 2, hour: 10 }, 'ArrowLeft')).toEqual({ court: 1, hour: 10 });
    expect(press(grid, { court: 1, hour: 10 }, 'ArrowDown')).toEqual({ court: 1, hour: 11 });
    expect(press(grid, { court: 1, hour: 10 }, 'ArrowUp')).toEqual({ court: 1, hour: 9 });
    expect(press(grid, { court: 3, hour: 10 }, 'ArrowRight')).toEqual({ court: 3, hour: 10 });
    expect(press(grid, { court: 1, hour: 8 }, 'ArrowUp')).toEqual({ court: 1, hour: 8 });
    expect(press(grid, { court: 1, hour: 19 }, 'ArrowDown')).toEqual({ court: 1, hour: 19 });
  });

  it('does not step up into hours gone by', () => {
    const grid = gridAt(14);
    expect(press(grid, { court: 2, hour: 14 }, 'ArrowUp')).toEqual({ court: 2, hour: 14 });
    expect(press(grid, { court: 2, hour: 17 }, 'PageUp')).toEqual({ court: 2, hour: 14 });
    expect(press(grid, { court: 2, hour: 17 }, 'Home', true)).toEqual({ court: 1, hour: 14 });
  });

  it('jumps five hours with Page Down and Up, to the row’s ends with Home and End, to the grid’s with Ctrl', () => {
    const grid = gridAt(0);
    expect(press(grid, { court: 2, hour: 8 }, 'PageDown')).toEqual({ court: 2, hour: 13 });
    expect(press(grid, { court: 2, hour: 17 }, 'PageDown')).toEqual({ court: 2, hour: 19 });
    expect(press(grid, { court: 2, hour: 13 }, 'PageUp')).toEqual({ court: 2, hour: 8 });
    expect(press(grid, { court: 2, hour: 13 }, 'Home')).toEqual({ court: 1, hour: 13 });
    expect(press(grid, { court: 2, hour: 13 }, 'End')).toEqual({ court: 3, hour: 13 });
    expect(press(grid, { court: 2, hour: 13 }, 'End', true)).toEqual({ court: 3, hour: 19 });
  });

  it('leaves other keys to the page', () => {
    expect(press(gridAt(0), { court: 1, hour: 8 }, 'Tab')).toBeNull();
    expect(press(gridAt(0), { court: 1, hour: 8 }, 'Enter')).toBeNull();
  });
});
