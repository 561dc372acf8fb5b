/** The clubhouse screen's link and names setting, as the admin reads and changes them. */
import type { Club } from '@platzbuchung/domain/types';
import { getJson, postJson, putJson } from '@platzbuchung/ui/api/client';
import type { DisplayNames } from '@platzbuchung/domain/schemas';
import { clubQuery, type MessageAnswer } from '../../shared/admin-api';
import { unchangedCore } from './core-settings';

export interface DisplayLink {
  url: string | null;
  display_names: DisplayNames;
}

export const fetchDisplayLink = (clubId: string, signal?: AbortSignal) =>
  getJson<DisplayLink>(`/api/admin/display?${clubQuery(clubId)}`, signal);

export const renewDisplayLink = (clubId: string) =>
  postJson<Pick<DisplayLink, 'url'> & { message: string }>(`/api/admin/display?${clubQuery(clubId)}`);

/** Saves the names choice with the club's other settings unchanged: one settings change in the log. */
export const saveDisplayNames = (club: Club, displayNames: string) =>
  putJson<MessageAnswer<Club>>(`/api/admin/club?${clubQuery(club._id)}`, {
    ...unchangedCore(club),
    display_names: displayNames,
  });
