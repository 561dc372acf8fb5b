/** The club's mails and sending one again. */
import type { MailList } from '@platzbuchung/domain/mail/notices';
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';

export const fetchClubMails = (clubId: string, signal?: AbortSignal) =>
  getJson<MailList>(`/api/admin/notices?${clubQuery(clubId)}`, signal);

export const retryMail = (clubId: string, mailId: string) =>
  postJson<MailList & { message: string }>(
    `/api/admin/notices/${encodeURIComponent(mailId)}/retry?${clubQuery(clubId)}`,
  );
