import { describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import { listReservations, listReservationsJson } from '../src/commands/reservations';
import { clubWithMembers } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const api = apiForFile({ now: new Date('2026-11-23T09:30:00Z') });

type ListAnswer = { data: Reservation[] };

/** A club holding every shape a reservation takes: single, labelled series with gaps and an end, group. */
async function clubWithEveryShape() {
  const members = await clubWithMembers(api.url, { courts_count: 12 });
  const club_id = members.club._id;
  const book = async (client: typeof members.admin.client, body: Record<string, unknown>) => {
    const response = await client.post<ListAnswer>('/api/reservations', {
      club_id,
      date: '2026-11-24',
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  await book(members.player.client, { court_num: '1', start_time: 9, end_time: 10 });
  await book(members.admin.client, {
    court_nums: ['2', '3'],
    start_time: 18,
    end_time: 20,
    label: 'Training',
  });
  const afterSeries = await book(members.admin.client, {
    court_num: '10',
    start_time: 14,
    end_time: 17,
    label: 'Medenspiel',
    recurring: true,
  });
  const series = afterSeries.find((r) => r.recurring)!;
  for (const [date, delete_type] of [
    ['2026-12-08', 'once'],
    ['2026-12-22', 'once_and_future'],
  ]) {
    const removed = await members.admin.client.post(`/api/reservations?reservation_id=${series._id}`, {
      club_id,
      form_method: 'delete',
      date,
      delete_type,
    });
    expect(removed.status).toBe(200);
  }
  return members;
}

const parsed = (rows: { json: string }[]) => rows.map((row) => JSON.parse(row.json) as Reservation);

describe("a reservation list written by PostgreSQL's JSON", () => {
  it('is exactly what the rows mapped one by one become, for every shape of reservation', async () => {
    const { club } = await clubWithEveryShape();
    const objects = await listReservations(api.db, club._id);
    expect(objects.map((r) => [r.court_num, Boolean(r.group_id), r.recurring])).toEqual([
      ['1', false, false],
      ['10', false, true],
      ['2', true, false],
      ['3', true, false],
    ]);
    expect(objects.find((r) => r.recurring)).toMatchObject({
      label: 'Medenspiel',
      deleted_dates: ['2026-12-08'],
      end_date: '2026-12-22',
    });
    // Same keys, same order, same values: the bytes of JSON.stringify, not only equal objects.
    const texts = (await listReservationsJson(api.db, club._id)).map((row) => row.json);
    expect(texts).toEqual(objects.map((r) => JSON.stringify(r)));

    const week = { from: '2026-11-23', to: '2026-11-29' };
    expect(parsed(await listReservationsJson(api.db, club._id, week))).toEqual(
      await listReservations(api.db, club._id, week),
    );
  });

  it('answers a window the same through the API: a series only on the days it takes place', async () => {
    const { club, player } = await clubWithEveryShape();
    const day = async (date: string) =>
      (
        await player.client.get<Reservation[]>(
          `/api/reservations?club_id=${club._id}&from=${date}&to=${date}`,
        )
      ).body;
    expect((await day('2026-12-01')).map((r) => r.court_num)).toEqual(['10']);
    expect(await day('2026-12-08')).toEqual([]);
    expect(await day('2026-12-22')).toEqual([]);
    const allOfTheFirstWeek = await day('2026-11-24');
    expect(allOfTheFirstWeek).toEqual(
      await listReservations(api.db, club._id, { from: '2026-11-24', to: '2026-11-24' }),
    );
    expect(allOfTheFirstWeek).toHaveLength(4);
  });
});
