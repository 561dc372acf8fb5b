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

/**
 * The default range's answer, asked for as the tab opens beside the tab's own code (which is a
 * chunk of its own): the screen takes it once instead of asking after its code has arrived.
 */
let askedAhead: { clubId: string; answer: Promise<StatsAnswer> } | null = null;

/** Asks for the last four weeks' figures now, unless they are asked for already. */
export function askStatsAhead(clubId: string): void {
  if (askedAhead?.clubId === clubId) return;
  const answer = askStats({ clubId, from: '', to: '' });
  // A failure is the screen's to show when it takes the answer; until then it is no error.
  answer.catch(() => {});
  askedAhead = { clubId, answer };
}

export function fetchStats(request: StatsRequest, signal?: AbortSignal): Promise<StatsAnswer> {
  const ahead = askedAhead;
  if (ahead && ahead.clubId === request.clubId && !request.from && !request.to) {
    askedAhead = null;
    return ahead.answer;
  }
  return askStats(request, signal);
}

async function askStats({ clubId, from, to }: StatsRequest, signal?: AbortSignal) {
  const range = from && to ? `&from=${from}&to=${to}` : '';
  const answer = await getJson<{ data: StatsAnswer }>(
    `/api/admin/stats?${clubQuery(clubId)}${range}`,
    signal,
  );
  return answer.data;
}
