/** The club's mail notices and sending one again. */
import type { MailList } from '@platzbuchung/domain/mail/notices';
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';

export const fetchNotices = (clubId: string, signal?: AbortSignal) =>
  getJson<MailList>(`/api/admin/notices?${clubQuery(clubId)}`, signal);

export const retryNotice = (clubId: string, noticeId: string) =>
  postJson<MailList & { message: string }>(
    `/api/admin/notices/${encodeURIComponent(noticeId)}/retry?${clubQuery(clubId)}`,
  );
