/** The club's mails and push messages, and sending a mail again. */
import type { MailList } from '@platzbuchung/domain/mail/notices';
import type { PushList } from '@platzbuchung/domain/push/outbox-list';
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';
import type { ClubNotices } from './club-mails-machine';

const fetchClubMails = (clubId: string, signal?: AbortSignal) =>
  getJson<MailList>(`/api/admin/notices?${clubQuery(clubId)}`, signal);

/** Both lists at once: the screen shows them side by side. */
export async function fetchClubNotices(clubId: string, signal?: AbortSignal): Promise<ClubNotices> {
  const [mails, pushes] = await Promise.all([
    fetchClubMails(clubId, signal),
    getJson<PushList>(`/api/admin/push-notices?${clubQuery(clubId)}`, signal),
  ]);
  return { mails, pushes };
}

export const retryMail = (clubId: string, mailId: string) =>
  postJson<MailList & { message: string }>(
    `/api/admin/notices/${encodeURIComponent(mailId)}/retry?${clubQuery(clubId)}`,
  );
