/** The club's numbers (`GET /api/admin/stats`), for a range of days or the last four weeks. */
import type { StatsReport } from '@platzbuchung/domain/stats/figures';
import type { Named } from '@platzbuchung/domain/names';
import { getJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';

export type StatsMember = StatsReport['members'][number] & Named;
export type StatsAnswer = Omit<StatsReport, 'members'> & { members: StatsMember[] };

interface StatsRequest {
  clubId: string;
  /** Both empty: the API's default, the last four weeks. */
  from: string;
  to: string;
}

export async function fetchStats({ clubId, from, to }: StatsRequest, signal?: AbortSignal) {
  const range = from && to ? `&from=${from}&to=${to}` : '';
  const answer = await getJson<{ data: StatsAnswer }>(
    `/api/admin/stats?${clubQuery(clubId)}${range}`,
    signal,
  );
  return answer.data;
}
