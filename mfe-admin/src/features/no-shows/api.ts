/** The club's no-shows (docs/check-in.md): the list, and forgiving one. */
import { deleteJson, getJson } from '@platzbuchung/ui/api/client';
import type { IsoDate } from '@platzbuchung/domain/types';
import { clubQuery } from '../../shared/admin-api';

export interface NoShowShown {
  _id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  date: IsoDate;
  released_at: string;
}

export async function fetchNoShows(clubId: string, signal?: AbortSignal): Promise<NoShowShown[]> {
  return (await getJson<{ data: NoShowShown[] }>(`/api/admin/no-shows?${clubQuery(clubId)}`, signal)).data;
}

export function forgiveNoShow(clubId: string, id: string): Promise<unknown> {
  return deleteJson(`/api/admin/no-shows/${encodeURIComponent(id)}?${clubQuery(clubId)}`);
}
