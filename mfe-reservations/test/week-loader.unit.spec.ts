import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { fetchBlocks, fetchReservations } from '../src/shared/reservations-api';
import { weekLoader } from '../src/features/day-grid/week-loader';

vi.mock('../src/shared/reservations-api', () => ({ fetchReservations: vi.fn(), fetchBlocks: vi.fn() }));

const reservations = vi.mocked(fetchReservations);
const blocks = vi.mocked(fetchBlocks);
const week = { from: '2026-11-23', to: '2026-11-29' };
const nextWeek = { from: '2026-11-30', to: '2026-12-06' };

function answering(clubSeq: number) {
  reservations.mockResolvedValueOnce({ value: [], clubSeq });
  blocks.mockResolvedValueOnce({ value: [], clubSeq });
}

const load = (loader: ReturnType<typeof weekLoader>, window = week) =>
  toPromise(createActor(loader, { input: { clubId: 'club', window } }).start());

describe("the grid's week loader", () => {
  afterEach(() => vi.resetAllMocks());

  it('asks for the first week before the machine starts, and the first load takes that answer', async () => {
    answering(7);
    const loader = weekLoader('club', week);
    expect(reservations).toHaveBeenCalledTimes(1);
    expect(blocks).toHaveBeenCalledTimes(1);

    await expect(load(loader)).resolves.toEqual({ reservations: [], blocks: [], clubSeq: 7 });
    expect(reservations).toHaveBeenCalledTimes(1);
  });

  it('asks anew for every later load, the same week included', async () => {
    answering(7);
    const loader = weekLoader('club', week);
    await load(loader);
    answering(9);
    await expect(load(loader)).resolves.toMatchObject({ clubSeq: 9 });
    expect(reservations).toHaveBeenCalledTimes(2);
  });

  it('asks anew when the first load wants another week, and the early answer is not used later', async () => {
    answering(7);
    const loader = weekLoader('club', week);
    answering(8);
    await expect(load(loader, nextWeek)).resolves.toMatchObject({ clubSeq: 8 });
    answering(9);
    await expect(load(loader)).resolves.toMatchObject({ clubSeq: 9 });
    expect(reservations.mock.calls.map(([, window]) => window)).toEqual([week, nextWeek, week]);
  });

  it('lets the first load see the early request fail, and nothing goes unhandled before it', async () => {
    reservations.mockRejectedValueOnce(new Error('offline'));
    blocks.mockResolvedValueOnce({ value: [], clubSeq: 1 });
    const loader = weekLoader('club', week);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(load(loader)).rejects.toThrow('offline');
  });
});
